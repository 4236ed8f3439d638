import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorCode } from '@hcp/contracts';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

// Connection failures, server shutdown (57P0x), cannot connect now (08xxx) and statement_timeout (57014).
const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DB_DOWN_CODES.has(code)) return true;
    const msg = (e as { message?: unknown }).message;
    if (
      typeof msg === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|PGlite is closed/i.test(msg)
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * PostgreSQL refusing a request's values: a missing or still-used reference, a duplicate, text that is not a
 * number or a date, a number or a text too large for its column. Validation in the schemas and services is meant
 * to catch each of these first with the field's own message; this is the net under it, so a value that slips
 * through is the caller's 4xx (with the column when PostgreSQL names it), never a 500.
 */
interface Answer {
  status: number;
  code: ErrorCode;
  message: string;
}

const INTEGRITY_ANSWERS: Record<string, Answer> = {
  '23503': { status: 422, code: 'unknown_reference', message: 'The request names a record that does not exist' },
  '23505': { status: 409, code: 'already_exists', message: 'This record already exists' },
  '22P02': { status: 400, code: 'invalid_value', message: 'A value is not in the expected form' },
  '22003': { status: 400, code: 'invalid_value', message: 'A number is out of range' },
  '22007': { status: 400, code: 'invalid_date', message: 'A date or time is not valid' },
  '22008': { status: 400, code: 'invalid_date', message: 'A date or time is not valid' },
  '22001': { status: 400, code: 'value_too_long', message: 'A value is too long' },
  '22021': { status: 400, code: 'invalid_value', message: 'A text value holds a character that cannot be stored' },
};
const STILL_REFERENCED: Answer = { status: 409, code: 'in_use', message: 'This record is still in use' };

interface PgRefusal {
  code: string;
  detail?: string;
  column?: string;
  constraint?: string;
  table?: string;
}

function integrityRefusal(err: unknown): PgRefusal | null {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code in INTEGRITY_ANSWERS) return e as PgRefusal;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** The API's name of the column PostgreSQL names (`lead_source_id` -> `leadSourceId`); never the value, which may be personal. */
function fieldOf(r: PgRefusal): string | undefined {
  const column = r.column ?? /^Key \(([a-z_][a-z0-9_]*)\)=/.exec(r.detail ?? '')?.[1];
  return column?.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** The one place errors become HTTP answers. A 500 never carries details. */
export function registerErrorHandler(app: FastifyInstance): void {
  // Fastify's own 404 logs 'Route GET:<url> not found' with the raw URL, mailed secrets in paths and queries
  // included (the referee's /clinical-professional-reference/<guid>): the request line is logged redacted instead.
  app.setNotFoundHandler((request, reply) => {
    request.log.info({ event: 'request.refused', status: 404, code: 'not_found', ip: request.ip }, 'security event');
    return reply.status(404).send({ status: 404, code: 'not_found', message: 'Not found', requestId: request.id });
  });
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const requestId = request.id;
    // Every refusal is a security-relevant event (failed authorization, validation, limits): logged
    // with its route template (never the URL's values), the caller if known, and the stable code.
    const refused = (status: number, code: ErrorCode) =>
      request.log.info(
        {
          event: 'request.refused',
          status,
          code,
          route: request.routeOptions?.url,
          userId: request.auth?.userId,
          ip: request.ip,
        },
        'security event',
      );
    if (err instanceof AppError) {
      if (err.status < 500) refused(err.status, err.code);
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.status).send({
        status: err.status,
        code: err.code,
        message: err.message,
        ...(err.errors ? { errors: err.errors } : {}),
        requestId,
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        field: [
          err.validationContext,
          ...String(v.instancePath ?? '')
            .split('/')
            .filter(Boolean),
        ].join('.'),
        message: v.message ?? 'Invalid value',
      }));
      refused(400, 'validation_failed');
      return reply.status(400).send({
        status: 400,
        code: 'validation_failed',
        message: errors[0] ? `${errors[0].field}: ${errors[0].message}` : 'Invalid request',
        errors,
        requestId,
      });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err: { message: err.message, code: err.code } }, 'database unavailable');
      reply.header('retry-after', '5');
      return reply
        .status(503)
        .send({ status: 503, code: 'unavailable', message: 'The service is temporarily unavailable', requestId });
    }
    const refusal = integrityRefusal(err);
    if (refusal) {
      const answer =
        refusal.code === '23503' && /still referenced/.test(refusal.detail ?? '')
          ? STILL_REFERENCED
          : INTEGRITY_ANSWERS[refusal.code]!;
      const field = fieldOf(refusal);
      // A warning, not only a refusal: it means a rule is missing before the database, which the operator should hear of.
      request.log.warn(
        {
          event: 'database.refused',
          pgCode: refusal.code,
          table: refusal.table,
          constraint: refusal.constraint,
          field,
          route: request.routeOptions?.url,
        },
        'the database refused a value that validation let through',
      );
      refused(answer.status, answer.code);
      return reply.status(answer.status).send({
        status: answer.status,
        code: answer.code,
        message: answer.message,
        ...(field ? { errors: [{ field, message: answer.message }] } : {}),
        requestId,
      });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(err)) {
      const code =
        status === 413
          ? 'payload_too_large'
          : status === 415
            ? 'unsupported_media_type'
            : status === 429
              ? 'rate_limited'
              : 'bad_request';
      const message =
        status === 413
          ? 'The request is too large'
          : status === 415
            ? 'Unsupported content type'
            : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.message.includes('JSON')
              ? 'The request body is not valid JSON'
              : 'Invalid request';
      refused(status, code);
      return reply.status(status).send({ status, code, message, requestId });
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ status: 500, code: 'internal_error', message: 'Something went wrong. Please try again.', requestId });
  });
}
