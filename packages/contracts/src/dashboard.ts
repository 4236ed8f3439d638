import { applicationSectionCount, completedSectionCount, type ApplicationFlowFlags } from './application-steps.ts';

/** Which application status panel the dashboard shows, from the user, the completed steps and the agency's approval. */
export type ApplicationPanel =
  | { kind: 'placeholder' }
  | { kind: 'start' }
  | { kind: 'progress'; completed: number; total: number }
  | { kind: 'received' }
  | { kind: 'approved' }
  | { kind: 'hidden' };

export function applicationPanel(input: {
  userLoaded: boolean;
  stepsLoaded: boolean;
  completedSteps: readonly string[];
  applicationComplete: boolean;
  eligibleForSubmission: boolean;
  flags: ApplicationFlowFlags;
  /** Any submission, offer or onboarding contract. */
  hasPipelineItems: boolean;
}): ApplicationPanel {
  if (!input.userLoaded || (!input.applicationComplete && !input.stepsLoaded)) return { kind: 'placeholder' };
  if (!input.applicationComplete && !input.eligibleForSubmission) {
    if (input.completedSteps.length === 0) return { kind: 'start' };
    return {
      kind: 'progress',
      completed: completedSectionCount(input.completedSteps, input.flags),
      total: applicationSectionCount(input.flags),
    };
  }
  if (input.applicationComplete && !input.eligibleForSubmission) return { kind: 'received' };
  if (input.eligibleForSubmission && !input.hasPipelineItems) return { kind: 'approved' };
  return { kind: 'hidden' };
}
