import type { FastifyServerOptions } from 'fastify';

/** Query parameters whose values never reach a log line. */
const SECRET_QUERY = /([?&](?:rpg|guid|token|resetGuid|filePath|password)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/**
 * Structured JSON logs. Bodies and headers are never logged; URLs lose secret query values;
 * anything that looks like a credential or PII under a known key is censored.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.newPassword',
        '*.WebPassword',
        '*.token',
        '*.SocialSecurityNumber',
        '*.ssn',
        '*.DateOfBirth',
        '*.dateOfBirth',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) {
        return { method: req.method, url: redactUrl(req.url), ip: req.ip };
      },
      res(res: { statusCode: number }) {
        return { statusCode: res.statusCode };
      },
    },
  };
}
