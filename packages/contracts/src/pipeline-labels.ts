// The pipeline's constants and labels, without schemas: a page that only needs these (the dashboard's cards, the
// signed contract link) does not load zod with them (docs/decisions/0352). pipeline.ts re-exports them.

export const contractStatuses = ['draft', 'sent', 'signed', 'void'] as const;
export const contractStages = ['offer', 'onboarding', 'working', 'completed', 'cancelled'] as const;
export type ContractStatus = (typeof contractStatuses)[number];
export type ContractStage = (typeof contractStages)[number];

/** The contract document master id of the travel contract, the one contract document there is (others answer 404). */
export const CONTRACT_DOCUMENT_MASTER_ID = 54;

/** Shift category label: 1 is days, 2 nights, anything else reads as Day or Night. */
export function shiftCategoryName(category: number): string {
  if (category === 1) return 'Day Shift';
  if (category === 2) return 'Night Shift';
  return 'Day or Night Shift';
}

/** The dashboard shows at most 2 offers and 2 submissions; the full lists are on /submitted-jobs. */
export const DASHBOARD_LIMIT = 2;
