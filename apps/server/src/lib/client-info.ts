import type { FastifyRequest } from 'fastify';

export function clientInfo(request: FastifyRequest) {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null, requestId: request.id };
}
