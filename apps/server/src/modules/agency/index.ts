/**
 * The agency: its API keys (with scopes) and the agency API under /core/api/agency: the jobs feed, the pipeline
 * moves and the reads of submissions, contracts, clinicians, references, referrals, documents and events. It owns
 * only the keys; every call goes to the module that owns the data (docs/integration.md).
 */
export { agencyRoutes } from './routes.ts';
export { AgencyClinicianService } from './clinicians.ts';
export { createApiKey, listApiKeys, parseScopes, revokeApiKey, type AgencyKeyInfo } from './keys.ts';
