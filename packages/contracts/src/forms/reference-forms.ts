/** The public Clinical & Professional Reference form a former supervisor fills in. */
import { z } from 'zod';
import {
  REFERENCE_COMMENTS_MAX,
  referenceSubmissionProblems,
  referenceSubmissionSchema,
  type ReferenceSubmissionInput,
} from '../reference-form.ts';
import { applicationFormMessages } from './application-forms.ts';
import { UNSTATED, flag } from './unstated.ts';

/**
 * The submission as the form holds it (the guid comes from the link; empty dates are ''). Submit waits for the
 * contract's completeness rule; only a clinician's end date before the start date has a text.
 */
export const clinicalReferenceFormSchema = referenceSubmissionSchema
  .omit({ ReferenceGuid: true })
  .extend({
    HistoryTypeId: z.number().int(),
    Comments: z.string().max(REFERENCE_COMMENTS_MAX),
    Unit: z.string().max(200),
    ReferenceDate: z.string(),
    StartDate: z.string(),
    EndDate: z.string(),
  })
  .superRefine((s, ctx) => {
    for (const problem of referenceSubmissionProblems(s)) {
      const endBeforeStart = problem === 'EndDate' && !!s.StartDate && !!s.EndDate && s.EndDate < s.StartDate;
      flag(ctx, [problem], endBeforeStart ? applicationFormMessages.endBeforeStart : UNSTATED);
    }
  });
export type ClinicalReferenceFormValues = z.input<typeof clinicalReferenceFormSchema>;

/** The request of a completed form: the guid of the link, the type as text, empty dates as null. */
export function clinicalReferenceSubmission(
  guid: string,
  v: z.output<typeof clinicalReferenceFormSchema>,
): ReferenceSubmissionInput {
  return {
    ...v,
    ReferenceGuid: guid,
    HistoryTypeId: String(v.HistoryTypeId),
    ReferenceDate: v.ReferenceDate || null,
    StartDate: v.StartDate || null,
    EndDate: v.EndDate || null,
  };
}
