import { z } from 'zod';
import { addCalendarDays, isCalendarDate, localIsoDate, startApplicationDraftSchema } from '@hcp/contracts';

/**
 * The check of an apply kept in the browser (lib/pending-apply.ts), with zod and the date module: a module of its
 * own, loaded only once something is kept (most visits keep nothing), so the pages that ask whether anything is kept
 * (the dashboard, Get Started, a job's page) do not load zod for it.
 */
const KEEP_DAYS = 30;

const storedSchema = z.object({
  userId: z.string().min(1),
  jobId: z.number().int().positive(),
  /** How the job is named where the clinician is told it is kept ('Registered Nurse - ICU in Dallas, TX'). */
  title: z.string().max(300).optional(),
  /** The calendar day it was kept (YYYY-MM-DD). */
  savedOn: z.string().refine(isCalendarDate),
  /** Whether the dashboard has brought the clinician back to the job once (it does not do so again). */
  offered: z.boolean(),
  draft: startApplicationDraftSchema,
});
export type Stored = z.infer<typeof storedSchema>;

/** The kept apply in `raw`, or null when there is none, it is not one, or it is older than KEEP_DAYS. */
export function checkStored(raw: string | null): Stored | null {
  if (!raw) return null;
  try {
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    if (parsed.data.savedOn < addCalendarDays(localIsoDate(), -KEEP_DAYS)) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

/** The calendar day an apply kept now is kept on. */
export const today = (): string => localIsoDate();
