/**
 * The agency: its API keys (with scopes) and the agency API under /core/api/agency: the jobs feed, the pipeline
 * moves and the reads of submissions, contracts, clinicians, references, referrals, documents and events. It owns
 * only the keys; every call goes to the module that owns the data (docs/integration.md).
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { AgencyKey } from '../../types.ts';
import { authenticateKey, presentedKey } from './keys.ts';

export { agencyRoutes } from './routes.ts';
export { AgencyClinicianService } from './clinicians.ts';
export { createApiKey, listApiKeys, parseScopes, revokeApiKey } from './keys.ts';

/** The live agency API key a request presents, if any (the agency guard asks it on every agency call). */
export function agencyKeyOf(ctx: AppContext, request: FastifyRequest): Promise<AgencyKey | null> {
  return authenticateKey(ctx.db, presentedKey(request.headers), ctx.now());
}
