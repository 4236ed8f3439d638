import { useQuery, useQueryClient } from '@tanstack/react-query';
import { flowFlags, shippedFeatureFlags, type ApplicationFlowFlags } from '@hcp/contracts';
import * as application from '@hcp/contracts/routes/application';
import { call, openFile } from '../../../lib/api-client.ts';
import { completedStepsQueryKey, fetchCompletedSteps } from '../../../lib/application-steps.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { featureFlagsQuery } from '../../../lib/feature-flags.ts';

/** Marks a step without a form of its own complete (or not). */
export function updateStep(StepName: string, StepComplete = true) {
  return call(application.updateApplicationStep, { body: { StepName, StepComplete } });
}

export function submitApplication() {
  return call(application.submitApplication);
}

/** The terms-first flow: the employment documents are agreed to before the other steps. */
export function saveInitialDocuments() {
  return call(application.saveInitialDocuments);
}

/** Opens one of the employment documents agreed to with the application in a new window. */
export const openApplicationDocument = (documentName: string) =>
  openFile(application.applicationDocument, { params: { documentName } });

/** The two flags of the flow, with whether the server's answer has arrived (the guard waits for it). */
export function useFlowFlags(): { flags: ApplicationFlowFlags; loaded: boolean } {
  const q = useQuery(featureFlagsQuery);
  return { flags: flowFlags(q.data ?? shippedFeatureFlags), loaded: q.isSuccess || q.isError };
}

/** Re-reads the completed steps (after a save) and answers them. */
export function useRefreshSteps() {
  const qc = useQueryClient();
  const { token } = useAuth();
  return async (): Promise<string[]> => {
    await qc.invalidateQueries({ queryKey: completedStepsQueryKey(token) });
    return qc.fetchQuery({ queryKey: completedStepsQueryKey(token), queryFn: fetchCompletedSteps });
  };
}
