import { describe, expect, it } from 'vitest';
import { applicationPanel } from './dashboard.ts';

const base = {
  userLoaded: true,
  stepsLoaded: true,
  completedSteps: [] as string[],
  applicationComplete: false,
  eligibleForSubmission: false,
  flags: { skillsChecklist: false, termsFirst: true },
  hasPipelineItems: false,
};

describe('applicationPanel', () => {
  it('is a placeholder until user info loads', () => {
    expect(applicationPanel({ ...base, userLoaded: false })).toEqual({ kind: 'placeholder' });
  });
  it('offers the start link without completed steps', () => {
    expect(applicationPanel(base)).toEqual({ kind: 'start' });
  });
  it('counts completed sections minus Started, of 9 or 10', () => {
    expect(applicationPanel({ ...base, completedSteps: ['Started', 'Application Documents', 'Background'] })).toEqual({
      kind: 'progress',
      completed: 2,
      total: 9,
    });
    expect(
      applicationPanel({ ...base, completedSteps: ['Started'], flags: { skillsChecklist: true, termsFirst: true } }),
    ).toEqual({ kind: 'progress', completed: 0, total: 10 });
  });
  it('does not count Started or the skills checklist assignment as sections', () => {
    const flags = { skillsChecklist: true, termsFirst: true };
    expect(applicationPanel({ ...base, flags, completedSteps: ['Started', 'Background', 'Skills Checklist'] })).toEqual(
      { kind: 'progress', completed: 1, total: 10 },
    );
  });
  it('shows received, approved, then hides', () => {
    expect(applicationPanel({ ...base, applicationComplete: true })).toEqual({ kind: 'received' });
    expect(applicationPanel({ ...base, applicationComplete: true, eligibleForSubmission: true })).toEqual({
      kind: 'approved',
    });
    expect(
      applicationPanel({ ...base, applicationComplete: true, eligibleForSubmission: true, hasPipelineItems: true }),
    ).toEqual({ kind: 'hidden' });
  });
});
