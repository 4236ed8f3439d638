import { describe, expect, it } from 'vitest';
import { REFERENCE_OWN_ADDRESS } from '@hcp/contracts';
import { ApiError, clinicianFacingMessage } from './api-client.ts';

describe('clinicianFacingMessage', () => {
  it("shows the server's words only for refusals written for the clinician", () => {
    const own = new ApiError(422, {
      status: 422,
      code: REFERENCE_OWN_ADDRESS.code,
      message: REFERENCE_OWN_ADDRESS.message,
    });
    expect(clinicianFacingMessage(own)).toBe(REFERENCE_OWN_ADDRESS.message);
    const limited = new ApiError(429, {
      status: 429,
      code: 'rate_limited',
      message: 'Too many requests. Please try again later.',
    });
    expect(clinicianFacingMessage(limited)).toBe('Too many requests. Please try again later.');
    expect(
      clinicianFacingMessage(new ApiError(500, { status: 500, code: 'internal_error', message: 'Internal details' })),
    ).toBeUndefined();
    expect(clinicianFacingMessage(new ApiError(500, null))).toBeUndefined();
    expect(clinicianFacingMessage(new Error('network'))).toBeUndefined();
  });
});
