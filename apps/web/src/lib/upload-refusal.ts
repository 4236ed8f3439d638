import { ApiError } from './api-client.ts';

/** Upload refusals the clinician can act on (a full dropbox, an image too large), worded by the server. */
const ACTIONABLE = new Set(['upload_quota_exceeded', 'image_too_large']);

/** The server's message for an actionable upload refusal, or null (the page then shows its own failure text). */
export function uploadRefusal(err: unknown): string | null {
  return err instanceof ApiError && err.problem && ACTIONABLE.has(err.problem.code) ? err.problem.message : null;
}
