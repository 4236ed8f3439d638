/**
 * Drafts of the application's steps: what the clinician typed and has not saved yet, kept in the browser's storage so
 * a reload (or a crash, or a tab closed by mistake) does not lose it. A draft belongs to the signed-in clinician
 * (their email is stored with it and checked on reading) and is removed when its step or record is saved and when
 * the clinician signs out, so the next person at the browser finds nothing. Secrets are never drafted (the form names
 * the fields to leave out: the SSN). The form's side is `useStepDraft` (use-step-draft.ts).
 */

const PREFIX = 'hcp-draft:';

interface Stored {
  owner: string;
  values: Record<string, unknown>;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage refused (privacy mode, a sandboxed frame): drafts are simply not kept.
    return null;
  }
}

function keysOf(s: Storage): string[] {
  return Array.from({ length: s.length }, (_, i) => s.key(i)).filter((k): k is string => !!k?.startsWith(PREFIX));
}

/** The draft of `step` typed by `owner`, or null. Another clinician's draft found there is removed. */
export function readStepDraft(step: string, owner: string): Record<string, unknown> | null {
  const s = storage();
  const raw = s?.getItem(PREFIX + step);
  if (!s || !raw) return null;
  try {
    const stored = JSON.parse(raw) as Stored;
    if (stored.owner === owner && stored.values && typeof stored.values === 'object') return stored.values;
  } catch {
    // A draft that cannot be read is dropped below.
  }
  s.removeItem(PREFIX + step);
  return null;
}

export function writeStepDraft(step: string, owner: string, values: Record<string, unknown>) {
  try {
    storage()?.setItem(PREFIX + step, JSON.stringify({ owner, values } satisfies Stored));
  } catch {
    // A full storage keeps the previous draft: the form itself still holds what was typed.
  }
}

/** Removes the draft of a step and those of its records (`/employment-history#...`): it was saved. */
export function clearStepDraft(step: string) {
  const s = storage();
  if (!s) return;
  for (const k of keysOf(s)) if (k === PREFIX + step || k.startsWith(`${PREFIX}${step}#`)) s.removeItem(k);
}

/** Removes every draft (signing out). */
export function clearStepDrafts() {
  const s = storage();
  if (!s) return;
  for (const k of keysOf(s)) s.removeItem(k);
}

/** Removes the draft of exactly `step` (its values are the saved ones again). */
export function clearOneStepDraft(step: string) {
  storage()?.removeItem(PREFIX + step);
}

/**
 * The records of `step` that `owner` has drafts of (the part after `step#`): a page whose records were added in the
 * browser (a certification card not saved yet) adds them again after a reload.
 */
export function draftedRecords(step: string, owner: string): string[] {
  const s = storage();
  if (!s) return [];
  const start = `${PREFIX}${step}#`;
  return keysOf(s)
    .filter((k) => k.startsWith(start) && readStepDraft(k.slice(PREFIX.length), owner) !== null)
    .map((k) => k.slice(start.length));
}

/** Whether the clinician has a draft of `step` (a record page reopens the record it belongs to). */
export function hasStepDraft(step: string, owner: string): boolean {
  return readStepDraft(step, owner.toLowerCase()) !== null;
}
