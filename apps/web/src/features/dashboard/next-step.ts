// TODO(merge): use nextApplicationStep from @hcp/contracts
/** The application steps in order with the shipped flags (Terms_First on, skills checklist off). */
const stepOrder: { step: string; route: string }[] = [
  { step: 'Started', route: '/apply-now' },
  { step: 'Application Documents', route: '/application-documents' },
  { step: 'Background', route: '/background-questions' },
  { step: 'Address', route: '/permanent-address' },
  { step: 'License Info', route: '/license-info' },
  { step: 'Education', route: '/education-info' },
  { step: 'Employment', route: '/employment-history' },
  { step: 'References', route: '/references' },
  { step: 'Certifications', route: '/certifications' },
  { step: 'Identification', route: '/identification-info' },
];

/** The route of the step after the last completed one (in step order); the first step when none. */
export function nextStepRoute(completedSteps: readonly string[]): string {
  let last = -1;
  stepOrder.forEach((s, i) => {
    if (completedSteps.includes(s.step)) last = i;
  });
  return stepOrder[Math.min(last + 1, stepOrder.length - 1)]!.route;
}
