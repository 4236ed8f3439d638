import { describe, expect, it } from 'vitest';
import { nextStepRoute } from './next-step.ts';

describe('Continue TRS Application', () => {
  it('goes to the step after the last completed one', () => {
    expect(nextStepRoute(['Started'])).toBe('/application-documents');
    expect(nextStepRoute(['Started', 'Application Documents', 'Background'])).toBe('/permanent-address');
    expect(nextStepRoute(['Started', 'Application Documents', 'Background', 'Address', 'License Info', 'Education', 'Employment', 'References', 'Certifications'])).toBe('/identification-info');
    expect(nextStepRoute([])).toBe('/apply-now');
  });
});
