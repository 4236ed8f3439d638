import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Directives no response may lack, whatever policy its route sets (docs/security.md). */
const MANDATORY = ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"];

export function withMandatoryDirectives(policy: string): string {
  const names = new Set(policy.split(';').map((d) => d.trim().split(/\s+/)[0]?.toLowerCase()));
  const missing = MANDATORY.filter((d) => !names.has(d.split(' ')[0]));
  return [policy.replace(/;\s*$/, ''), ...missing].join('; ');
}

/**
 * Security headers on every response (docs/security.md). The SPA's scripts are files of its own origin,
 * so the CSP allows no inline script. Map tiles are images from the configured tile host, facility pictures
 * from the configured image hosts (IMAGE_HOSTS).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { tileOrigin: string | null; imageOrigins?: readonly string[] },
): (request: FastifyRequest, reply: FastifyReply) => void {
  const img = [
    "'self'",
    'data:',
    'blob:',
    ...(opts.tileOrigin ? [opts.tileOrigin] : []),
    ...(opts.imageOrigins ?? []),
  ].join(' ');
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
  const apply = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(self)');
    const own = reply.getHeader('content-security-policy');
    if (own === undefined) reply.header('content-security-policy', csp);
    // A route's own policy (served files) still carries the directives every response must have.
    else reply.header('content-security-policy', withMandatoryDirectives(String(own)));
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // API answers are personal by default; public reference data opts in to caching explicitly.
    if (request.url.toLowerCase().startsWith('/core/api') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  };
  app.addHook('onSend', async (request, reply, payload) => {
    apply(request, reply);
    return payload;
  });
  // Answers Fastify makes before routing (frameworkErrors in app.ts) skip the hooks: they call this.
  return apply;
}
