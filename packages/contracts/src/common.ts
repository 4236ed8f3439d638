import { z } from 'zod';
import { ERROR_CODES } from './error-codes.ts';

/** Every non-2xx JSON answer of the API has this shape. `code` is stable (one of ERROR_CODES); `message` is for people. */
export const problemSchema = z.object({
  status: z.number().int(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});
export type Problem = z.infer<typeof problemSchema>;

export const okSchema = z.object({ ok: z.boolean() });

/** Ids are positive 32-bit integers; anything else is a 400, never a database error. */
export const idSchema = z.coerce.number().int().min(1).max(2_147_483_647);

/** A YYYY-MM-DD calendar date (the one date type, dates.ts). */
export { calendarDateSchema as isoDateSchema } from './date-schemas.ts';
