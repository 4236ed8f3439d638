// Values of the auth contract without schemas, so a page that needs them does not load the validation library.
import type { UserInfo } from './auth.ts';

export const emptyUserInfo: UserInfo = {
  firstName: '',
  lastName: '',
  email: '',
  applicationComplete: false,
  eligibleForSubmission: false,
  discipline: null,
};

/** Claims carried by the portal's JWT (docs/decisions/0003-tokens-sessions-and-the-hub-login.md). */
export const TOKEN_ISSUER = 'hcp-portal';
export const TOKEN_AUDIENCE = 'hcp-portal-web';
export const HUB_TOKEN_AUDIENCE = 'hcp-portal-hub';
export const TOKEN_TTL_SECONDS = 15 * 60;
/** The client checks every 5 s and refreshes when 60 s or less remain, so an open page never sends an expired token. */
export const TOKEN_CHECK_INTERVAL_MS = 5_000;
export const TOKEN_REFRESH_THRESHOLD_SECONDS = 60;
