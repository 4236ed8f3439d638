import { useQuery } from '@tanstack/react-query';
import { completedSteps } from '@hcp/contracts/routes/users';
import { call, endpointKey } from './api-client.ts';
import { useAuth } from './auth/auth-provider.tsx';

export const completedStepsQueryKey = (token: string) => endpointKey(completedSteps, token);

/** The completed step names, read again after a save. */
export const fetchCompletedSteps = async () => (await call(completedSteps)).completedSteps;

/** The names of the application steps the clinician has completed, per login token. */
export function useCompletedSteps() {
  const { token } = useAuth();
  return useQuery({ queryKey: completedStepsQueryKey(token), queryFn: fetchCompletedSteps, enabled: !!token });
}
