/** Which application status panel the dashboard shows (spec 01 section 4). */
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
  skillsChecklistEnabled: boolean;
  /** Any submission, offer or onboarding contract. */
  hasPipelineItems: boolean;
}): ApplicationPanel {
  if (!input.userLoaded || (!input.applicationComplete && !input.stepsLoaded)) return { kind: 'placeholder' };
  if (!input.applicationComplete && !input.eligibleForSubmission) {
    if (input.completedSteps.length === 0) return { kind: 'start' };
    return {
      kind: 'progress',
      completed: Math.max(0, input.completedSteps.length - 1),
      total: input.skillsChecklistEnabled ? 10 : 9,
    };
  }
  if (input.applicationComplete && !input.eligibleForSubmission) return { kind: 'received' };
  if (input.eligibleForSubmission && !input.hasPipelineItems) return { kind: 'approved' };
  return { kind: 'hidden' };
}
