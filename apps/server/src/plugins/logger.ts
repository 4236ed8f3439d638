import type { FastifyServerOptions } from 'fastify';

/** Query parameters whose values never reach a log line (secrets, and PII a client might put in a URL). */
const SECRET_QUERY =
  /([?&](?:rpg|guid|token|resetGuid|filePath|password|ssn|socialSecurityNumber|dob|dateOfBirth|email|to)=)[^&]*/gi;

/** Pages whose next path segment is a mailed secret (the referee's link: /clinical-professional-reference/<guid>). */
const SECRET_PATH_PAGES = new Set(['clinical-professional-reference']);

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
};

/** The segment after a secret page's name, in any letter case or percent-encoding, becomes [redacted]. */
function redactPath(path: string): string {
  const segments = path.split('/');
  for (let i = 0; i < segments.length; i++) {
    const name = decoded(segments[i]!);
    // An encoded slash keeps page and secret in one segment.
    const slash = name.indexOf('/');
    if (slash > 0 && SECRET_PATH_PAGES.has(name.slice(0, slash))) segments[i] = `${name.slice(0, slash)}/[redacted]`;
    if (!SECRET_PATH_PAGES.has(name)) continue;
    let j = i + 1;
    while (j < segments.length - 1 && segments[j] === '') j++;
    if (segments[j]) segments[j] = '[redacted]';
  }
  return segments.join('/');
}

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return redactPath(path) + (q === -1 ? '' : url.slice(q).replace(SECRET_QUERY, '$1[redacted]'));
}

/** Drizzle puts the query's parameters (names, dates of birth, emails...) in its error message. */
const stripParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');

/**
 * Errors as logged: type, message, code and stack (and the cause's), never the values a failed query
 * carried (Drizzle's `params`, PostgreSQL's `detail` such as 'Key (email)=(...) already exists').
 */
export function safeError(err: unknown, depth = 0): unknown {
  if (!err || typeof err !== 'object') return err;
  const e = err as {
    name?: string;
    message?: unknown;
    stack?: unknown;
    code?: unknown;
    statusCode?: unknown;
    cause?: unknown;
  };
  return {
    type: e.name ?? err.constructor?.name,
    message: typeof e.message === 'string' ? stripParams(e.message) : undefined,
    ...(typeof e.code === 'string' || typeof e.code === 'number' ? { code: e.code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    stack: typeof e.stack === 'string' ? stripParams(e.stack) : undefined,
    ...(e.cause && depth < 3 ? { cause: safeError(e.cause, depth + 1) } : {}),
  };
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
      err: (err: unknown) => safeError(err) as { type: string; message: string; stack: string },
      req(req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) {
        return { method: req.method, url: redactUrl(req.url), ip: req.ip };
      },
      res(res: { statusCode: number }) {
        return { statusCode: res.statusCode };
      },
    },
  };
}
