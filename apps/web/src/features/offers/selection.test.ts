import { describe, expect, it } from 'vitest';
import type { DashboardSubmission, JobOffer } from '@hcp/contracts';
import { initialSelection, stateFromHash } from './selection.ts';

const offer = (submissionId: number, contractId: number | null) =>
  ({ submissionId, contractId, jobId: submissionId * 10 }) as JobOffer;
const sub = (jobId: number) => ({ jobId, submissionId: jobId + 1000 }) as DashboardSubmission;
const offers = [offer(1, null), offer(2, 20)];
const subs = [sub(7), sub(8)];

describe('submitted jobs initial selection', () => {
  it('reads the hash forms', () => {
    expect(stateFromHash('#contract-20')).toEqual({ contractId: 20 });
    expect(stateFromHash('#offer-2')).toEqual({ submissionId: 2 });
    expect(stateFromHash('#job-8')).toEqual({ jobId: 8 });
    expect(stateFromHash('#offers')).toEqual({});
  });
  it('prefers contractId, then submissionId, then jobId', () => {
    expect(initialSelection(offers, subs, { contractId: 20, jobId: 8 }, '', false).selection).toEqual({
      kind: 'offer',
      submissionId: 2,
      contractId: 20,
    });
    expect(initialSelection(offers, subs, { submissionId: 1 }, '', false).selection).toEqual({
      kind: 'offer',
      submissionId: 1,
      contractId: null,
    });
    expect(initialSelection(offers, subs, { jobId: 8 }, '', false)).toEqual({
      tab: 'submissions',
      selection: { kind: 'submission', jobId: 8 },
    });
    expect(initialSelection(offers, subs, {}, '#job-8', true).selection).toEqual({ kind: 'submission', jobId: 8 });
  });
  it('falls back to the hash tab, the first offer, then the first submission', () => {
    expect(initialSelection(offers, subs, {}, '#submissions', false)).toEqual({
      tab: 'submissions',
      selection: { kind: 'submission', jobId: 7 },
    });
    expect(initialSelection(offers, subs, {}, '#offers', false).selection).toEqual({
      kind: 'offer',
      submissionId: 1,
      contractId: null,
    });
    expect(initialSelection([], subs, {}, '', false)).toEqual({
      tab: 'submissions',
      selection: { kind: 'submission', jobId: 7 },
    });
    expect(initialSelection([], [], {}, '', false)).toEqual({ tab: 'offers', selection: null });
  });
  it('selects nothing by default on narrow screens', () => {
    expect(initialSelection(offers, subs, {}, '', true)).toEqual({ tab: 'offers', selection: null });
    expect(initialSelection(offers, subs, {}, '#submissions', true)).toEqual({ tab: 'submissions', selection: null });
  });
});
