/**
 * Refusals whose code and message both sides know. Kept in a module without schemas: the web's api client imports
 * them on every page, and a schema module would bring all its (not tree-shakeable) zod definitions along.
 */
export const REFERENCE_OWN_ADDRESS = {
  code: 'reference_is_own_address',
  message: "A reference's email cannot be your own email address. Enter your reference's address.",
} as const;

/** What the public reference form says, and the refusals of its link (unknown 404, answered or expired 410). */
export const referenceFormMessages = {
  submitted: 'Submitted. Thank you!',
  failed: 'Form submission failed',
  unknown: 'This reference link is not valid. Please check that you opened the whole link from the email.',
  answered: 'This reference has already been submitted. Thank you for your help!',
  expired: 'This reference link has expired. Please contact us if you would still like to give a reference.',
} as const;
