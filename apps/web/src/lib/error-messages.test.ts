import { describe, expect, it } from 'vitest';
import { REFERENCE_OWN_ADDRESS, messages, referenceFormMessages, type Problem } from '@hcp/contracts';
import { ApiError, errorCode } from './api-client.ts';
import { userMessage } from './error-messages.ts';

const refusal = (status: number, code: Problem['code'], message: string) =>
  new ApiError(status, { status, code, message });

describe('userMessage', () => {
  it("answers the specification's words for the refusals it words", () => {
    expect(userMessage(refusal(409, 'email_exists', 'Email already exists. Please login.'))).toBe(messages.emailExists);
    expect(userMessage(refusal(400, 'reset_link_invalid', 'x'))).toBe(messages.resetLinkInvalid);
    expect(userMessage(refusal(410, 'reference_expired', 'x'))).toBe(referenceFormMessages.expired);
    expect(userMessage(refusal(422, REFERENCE_OWN_ADDRESS.code, 'x'))).toBe(REFERENCE_OWN_ADDRESS.message);
  });

  it("answers the server's words where only the server knows them (limits, the password rule broken, new terms)", () => {
    expect(userMessage(refusal(429, 'rate_limited', 'Too many requests. Please try again later.'))).toBe(
      'Too many requests. Please try again later.',
    );
    expect(
      userMessage(refusal(422, 'upload_quota_exceeded', 'Your dropbox holds the most documents allowed (100).')),
    ).toBe('Your dropbox holds the most documents allowed (100).');
    expect(userMessage(refusal(400, 'weak_password', 'This password is too common. Please choose another.'))).toBe(
      'This password is too common. Please choose another.',
    );
  });

  it('answers nothing for other refusals and other errors: the page shows its own failure text', () => {
    expect(userMessage(refusal(500, 'internal_error', 'Internal details'))).toBeUndefined();
    expect(userMessage(refusal(422, 'validation_failed', 'body.x: Required'))).toBeUndefined();
    expect(userMessage(new ApiError(502, null))).toBeUndefined();
    expect(userMessage(new Error('network'))).toBeUndefined();
  });
});

describe('errorCode', () => {
  it('is the stable code of an API refusal, and nothing for anything else', () => {
    expect(errorCode(refusal(403, 'application_incomplete', 'x'))).toBe('application_incomplete');
    expect(errorCode(new ApiError(502, null))).toBeUndefined();
    expect(errorCode(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
