import { useQuery, useQueryClient } from '@tanstack/react-query';
import { flowFlags, shippedFeatureFlags, type ApplicationFlowFlags, type FeatureFlags } from '@hcp/contracts';
import { apiJson } from '../../../lib/api-client.ts';
import { completedStepsQueryKey } from '../../../lib/application-steps.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';

/** POST HcpWebApplicationStep/updateWebApplicationStep */
export function updateStep(StepName: string, StepComplete = true) {
  return apiJson<{ ok: boolean }>('HcpWebApplicationStep/updateWebApplicationStep', { json: { StepName, StepComplete } });
}

/** POST SubmitApplication/saveSubmitApplication */
export function submitApplication() {
  return apiJson<{ ok: boolean; applicationComplete: boolean }>('SubmitApplication/saveSubmitApplication', { method: 'POST', json: {} });
}

/** POST InitialDocuments/saveInitialDocuments */
export function saveInitialDocuments() {
  return apiJson<{ ok: boolean; applicationComplete: boolean }>('InitialDocuments/saveInitialDocuments', { method: 'POST', json: {} });
}

/** The two flags of the flow, with whether the server's answer has arrived (the guard waits for it). */
export function useFlowFlags(): { flags: ApplicationFlowFlags; loaded: boolean } {
  const q = useQuery({
    queryKey: ['public', 'featureFlags'],
    queryFn: () => apiJson<FeatureFlags>('FeatureFlags', { auth: false }),
    staleTime: 5 * 60_000,
  });
  return { flags: flowFlags(q.data ?? shippedFeatureFlags), loaded: q.isSuccess || q.isError };
}

/** Re-reads the completed steps (after a save) and answers them. */
export function useRefreshSteps() {
  const qc = useQueryClient();
  const { token } = useAuth();
  return async (): Promise<string[]> => {
    await qc.invalidateQueries({ queryKey: completedStepsQueryKey(token) });
    return qc.fetchQuery({
      queryKey: completedStepsQueryKey(token),
      queryFn: async () => (await apiJson<{ completedSteps: string[] }>('HcpJobApplication/getCompletedHCPApplicationSteps')).completedSteps,
    });
  };
}
