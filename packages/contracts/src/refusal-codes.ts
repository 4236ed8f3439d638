/**
 * Refusals whose code and message both sides know. Kept in a module without schemas: the web's api client imports
 * them on every page, and a schema module would bring all its (not tree-shakeable) zod definitions along.
 */
export const REFERENCE_OWN_ADDRESS = {
  code: 'reference_is_own_address',
  message: "A reference's email cannot be your own email address. Enter your reference's address.",
} as const;
