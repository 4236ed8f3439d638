/**
 * Identity: the clinicians' accounts (users), their sessions and password resets. Sign-up, login, the hub login,
 * password reset and change, and the user info route. Other modules change an account only through the functions
 * below (an application made complete, the agency's approval).
 */
import type { AppContext } from '../../context.ts';
import type { SessionRider } from '../../types.ts';
import { findActiveSession, findActiveSessionWith } from './auth/repository.ts';

export { authRoutes, registerHubLogin } from './auth/routes.ts';
export { userRoutes } from './users/routes.ts';
export { DEMO_LOGIN, seedDemoUsers } from './demo-users.ts';
export { campaignOf } from './campaign.ts';

/**
 * Whether a token's session is neither revoked nor expired (the auth guards ask on every signed-in call): null when
 * it is not; with a rider, the rider's raw value read in the same statement.
 */
export async function isLiveSession(
  ctx: AppContext,
  sessionId: string,
  userId: number,
  rider?: SessionRider,
): Promise<{ rider: unknown } | null> {
  if (!rider) return (await findActiveSession(ctx.db, sessionId, userId)) ? { rider: undefined } : null;
  const row = await findActiveSessionWith(ctx.db, sessionId, userId, rider);
  return row ? { rider: row.rider } : null;
}

// The operator's CLI ends sessions.
export { revokeEverySession, revokeSessionsByEmail } from './auth/repository.ts';

// Account changes other modules make, in their own transactions.
export {
  applicationComplete,
  clinicianById,
  cliniciansAfter,
  completeApplication,
  markApplicationComplete,
  setEligibleForSubmission,
  type ClinicianSummaryRow,
} from './users/repository.ts';
