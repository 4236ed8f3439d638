import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../lib/auth/auth-provider.tsx';
import { LoginDialogProvider } from '../lib/auth/login-dialog.tsx';

/** The app's query client: the browser's (boot.tsx) and one per page the server renders (entry-server.tsx). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: 0 },
    },
  });
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <LoginDialogProvider>{children}</LoginDialogProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
