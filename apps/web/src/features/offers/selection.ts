import type { DashboardSubmission, JobOffer } from '@hcp/contracts';
import type { Selection } from './api/offers.ts';

export type Tab = 'offers' | 'submissions';
export interface NavState {
  contractId?: number;
  submissionId?: number;
  jobId?: number;
}

/** Reads #contract-{id}, #offer-{submissionId} and #job-{jobId} as the same preselection as navigation state. */
export function stateFromHash(hash: string): NavState {
  const m = /^#(contract|offer|job)-(\d+)$/.exec(hash);
  if (!m) return {};
  const id = Number(m[2]);
  return m[1] === 'contract' ? { contractId: id } : m[1] === 'offer' ? { submissionId: id } : { jobId: id };
}

const offerSel = (o: JobOffer): Selection => ({
  kind: 'offer',
  submissionId: o.submissionId,
  contractId: o.contractId,
});
const subSel = (s: DashboardSubmission): Selection => ({ kind: 'submission', jobId: s.jobId });

/** The initial tab and selection of /submitted-jobs: the tab and item a link or the last visit points at. */
export function initialSelection(
  offers: JobOffer[],
  submissions: DashboardSubmission[],
  state: NavState,
  hash: string,
  narrow: boolean,
): { tab: Tab; selection: Selection | null } {
  const s = { ...stateFromHash(hash), ...state };
  if (s.contractId !== undefined) {
    const o = offers.find((x) => x.contractId === s.contractId);
    if (o) return { tab: 'offers', selection: offerSel(o) };
  }
  if (s.submissionId !== undefined) {
    const o = offers.find((x) => x.submissionId === s.submissionId);
    if (o) return { tab: 'offers', selection: offerSel(o) };
  }
  if (s.jobId !== undefined) {
    const sub = submissions.find((x) => x.jobId === s.jobId);
    if (sub) return { tab: 'submissions', selection: subSel(sub) };
  }
  if (hash === '#submissions')
    return { tab: 'submissions', selection: narrow || !submissions[0] ? null : subSel(submissions[0]) };
  if (offers.length > 0) return { tab: 'offers', selection: narrow ? null : offerSel(offers[0]!) };
  if (submissions.length > 0) return { tab: 'submissions', selection: narrow ? null : subSel(submissions[0]!) };
  return { tab: hash === '#submissions' ? 'submissions' : 'offers', selection: null };
}

export { offerSel, subSel };
