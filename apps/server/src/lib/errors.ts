import type { ErrorCode } from '@hcp/contracts';

/**
 * Errors with a stable code; the one error handler (plugins/error-handler.ts) maps them to JSON problems. The code
 * is one of the contract's list, so the server cannot answer a code the clients do not know.
 */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly errors?: { field: string; message: string }[],
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string, code: ErrorCode = 'bad_request') =>
  new AppError(400, code, message, field ? [{ field, message }] : undefined);
export const unauthorized = (message = 'Authentication required') => new AppError(401, 'unauthorized', message);
export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);
export const payloadTooLarge = (message = 'The request is too large') =>
  new AppError(413, 'payload_too_large', message);
export const unprocessable = (code: ErrorCode, message: string, field?: string) =>
  new AppError(422, code, message, field ? [{ field, message }] : undefined);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', 'Too many requests. Please try again later.', undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const unavailable = (message = 'The service is temporarily unavailable') =>
  new AppError(503, 'unavailable', message, undefined, { 'retry-after': '5' });
