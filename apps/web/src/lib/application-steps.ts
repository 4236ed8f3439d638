import { useQuery } from '@tanstack/react-query';
import { allApplicationSteps } from '@hcp/contracts';
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

/** The title of the application step at a path ('Application' for none). */
export const stepTitle = (pathname: string) =>
  allApplicationSteps.find((s) => s.path === pathname.toLowerCase().replace(/\/+$/, ''))?.title ?? 'Application';
