import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response (docs/security.md). The SPA's scripts are files of its own origin,
 * so the CSP allows no inline script. Map tiles are images from the configured tile host.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { tileOrigin: string | null }): void {
  const img = ["'self'", 'data:', 'blob:', ...(opts.tileOrigin ? [opts.tileOrigin] : [])].join(' ');
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
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(self)');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // API answers are personal by default; public reference data opts in to caching explicitly.
    if (request.url.toLowerCase().startsWith('/core/api') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}
