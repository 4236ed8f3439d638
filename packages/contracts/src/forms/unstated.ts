/**
 * Form schemas (this folder) state every rule a form enforces, but not every rule has a text under its field: an
 * empty required field, for instance, is told by the disabled submit button and the field's asterisk. Such a rule
 * fails with this marker instead of a message; the web's form kit (`components/ui/form.tsx`) shows no text and no
 * invalid state for it, so the field looks as it did before the clinician touched it.
 */
import { z } from 'zod';

export const UNSTATED = '(unstated)';

/** Whether a form schema's issue message is one the form shows to the clinician. */
export const isStatedMessage = (message: string | undefined): message is string => !!message && message !== UNSTATED;

/** Text that must not be empty ('' fails, unstated); anything else is checked by `rule` with its own messages. */
export const filled = <O>(rule: z.ZodType<O, string>) => z.string().min(1, UNSTATED).pipe(rule);

/** Required text: empty or only spaces fails, unstated; the answer is trimmed. */
export const requiredText = (max: number) => z.string().trim().min(1, UNSTATED).max(max);

/** A choice of a select whose empty option reads 0 or null: anything but a positive id fails, unstated. */
export const chosenId = z.number().int().min(1, UNSTATED).max(2_147_483_647);

/** Adds an issue at `path` (unstated unless a message is given). */
export function flag(ctx: z.RefinementCtx, path: (string | number)[], message: string = UNSTATED) {
  ctx.addIssue({ code: 'custom', path, message });
}
