/**
 * Every `code` the API answers in its problem body (status, code, message). One list, so the server can only throw
 * a code that exists, the web can map each to its words in one place, and each endpoint names the ones it may
 * answer. Kept without zod: the web's api client imports it on every page.
 */
export const ERROR_CODES = [
  // Any endpoint: the request itself, the caller, the server.
  'bad_request',
  'validation_failed',
  'invalid_character',
  'unauthorized',
  'forbidden',
  'not_found',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  'unavailable',
  // A value the database refused that validation let through (the net under the schemas).
  'invalid_value',
  'invalid_date',
  'value_too_long',
  'unknown_reference',
  'already_exists',
  'in_use',
  // Accounts and sign-in.
  'invalid_credentials',
  'email_exists',
  'weak_password',
  'reset_link_invalid',
  // Jobs.
  'job_closed',
  'application_incomplete',
  'start_date_out_of_window',
  // The employment application and the profile.
  'step_not_client_marked',
  'step_required',
  'step_incomplete',
  'international_application',
  'not_compact_state',
  'invalid_ssn',
  'invalid_dob',
  'record_verified',
  'last_record',
  'record_in_use',
  'too_many',
  'same_reference',
  'profile_add_only',
  // Uploaded files.
  'unsupported_file_type',
  'invalid_file_type',
  'upload_quota_exceeded',
  'image_too_large',
  // The public reference form and reference requests.
  'reference_not_found',
  'reference_answered',
  'reference_expired',
  'reference_is_own_address',
  // Refer a friend.
  'unknown_profession',
  'unknown_specialty',
  // Contract documents and signing.
  'contract_terms_changed',
  'contract_not_signable',
  'contract_already_signed',
  'contract_not_ready',
  'document_missing',
  'document_too_long',
  // Timesheets and pay periods.
  'invalid_shift_type',
  'shift_outside_period',
  'shift_in_future',
  'start_time_required',
  'end_time_required',
  'start_time_date',
  'end_before_start',
  'shift_too_long',
  'lunch_too_long',
  'lunch_required',
  'shift_overlap',
  'pay_period_locked',
  'pay_period_submitted',
  'pay_period_already_locked',
  'pay_period_already_approved',
  'pay_period_not_submitted',
  'pay_period_approved',
  'pay_period_open',
  // The agency API: keys, the jobs feed, placements.
  'insufficient_scope',
  'job_rejected',
  'sync_without_jobs',
  'sync_rejected',
  'archive_confirmation_required',
  'offer_exists',
  'offer_required',
  'offer_not_open',
  'submission_not_open',
  'submission_closed',
  'contract_exists',
  'contract_signed',
  'contract_not_signed',
  'contract_void',
  'contract_already_sent',
  'contract_cancelled',
  'onboarding_incomplete',
  'onboarding_already_complete',
  'assignment_not_started',
  'assignment_already_started',
  'assignment_started',
  'assignment_completed',
  // Dev routes (local demos and browser tests).
  'no_jobs',
  'demo_placements_busy',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const known: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && known.has(value);
}

/** The statuses a problem answer may carry. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 414 | 415 | 422 | 429 | 500 | 503;
