import type { ErrorCode } from '@hcp/contracts/error-codes';
import { REFERENCE_OWN_ADDRESS, referenceFormMessages } from '@hcp/contracts/refusal-codes';
import { messages } from '@hcp/contracts/validation';
import { ApiError } from './api-client.ts';

/** The refusal's own message is the one to show: only the server knows its numbers (a limit, new terms, a rule). */
const SERVER_WORDS = null;

/**
 * What the clinician reads for each refusal the portal explains: the specification's words where it has them, or
 * the server's message where that is written for the clinician. A refusal not listed here is shown as the page's
 * own failure text ("It looks like something went wrong...").
 */
const userMessages: { readonly [C in ErrorCode]?: string | typeof SERVER_WORDS } = {
  invalid_credentials: messages.invalidLogin,
  email_exists: messages.emailExists,
  weak_password: SERVER_WORDS,
  reset_link_invalid: messages.resetLinkInvalid,
  rate_limited: SERVER_WORDS,
  reference_is_own_address: REFERENCE_OWN_ADDRESS.message,
  reference_not_found: referenceFormMessages.unknown,
  reference_answered: referenceFormMessages.answered,
  reference_expired: referenceFormMessages.expired,
  upload_quota_exceeded: SERVER_WORDS,
  image_too_large: SERVER_WORDS,
  contract_terms_changed: SERVER_WORDS,
  // Why a saved employment record cannot be deleted: a reference is from that job (the server words it).
  record_in_use: SERVER_WORDS,
  // A reference added on the profile names someone already on file (the references step's rule and words).
  same_reference: SERVER_WORDS,
};

/** The words for the clinician of an API refusal the portal explains, else undefined (the page's own text). */
export function userMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.problem) return undefined;
  const code: ErrorCode = error.problem.code;
  const words = userMessages[code];
  return words === undefined ? undefined : (words ?? error.problem.message);
}
