import { useQuery } from '@tanstack/react-query';
import { apiJson } from './api-client.ts';
import { useAuth } from './auth/auth-provider.tsx';

export const completedStepsQueryKey = (token: string) => ['completedSteps', token] as const;

/** GET HcpJobApplication/getCompletedHCPApplicationSteps: the completed step names (spec 02 section 4). */
export function useCompletedSteps() {
  const { token } = useAuth();
  return useQuery({
    queryKey: completedStepsQueryKey(token),
    queryFn: async () => (await apiJson<{ completedSteps: string[] }>('HcpJobApplication/getCompletedHCPApplicationSteps')).completedSteps,
    enabled: !!token,
  });
}
