import { useState } from 'react';
import { RouterProvider } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Providers } from './providers.tsx';
import { createRouter } from './router.tsx';

/** The app; the server renders it with a router of its own (a memory router at the page's address). */
export function App({
  queryClient,
  router: given,
}: {
  queryClient: QueryClient;
  router?: ReturnType<typeof createRouter>;
}) {
  const [router] = useState(() => given ?? createRouter());
  return (
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
