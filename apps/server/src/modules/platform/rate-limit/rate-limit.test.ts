import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build.ts';

let t: TestApp;
beforeAll(async () => {
  // A small scale makes the documented limits quick to reach: sign-up 1 per hour per IP, reset 1 per IP.
  t = await buildTestApp({ env: { RATE_LIMIT_SCALE: '0.05' } });
});
afterAll(() => t?.close());

const signUpBody = (email: string) => ({
  EmailAddress: email,
  PhoneNumber: '5125550100',
  FirstName: 'A',
  LastName: 'B',
  ProfessionId: 13,
  WebPassword: 'Strong-Pass-77',
});

describe('rate limits', () => {
  it('sign-up per IP answers 429 with Retry-After once over the limit', async () => {
    const ip = '203.0.113.7';
    const first = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpSignUp',
      payload: signUpBody('rl1@example.com'),
      remoteAddress: ip,
    });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpSignUp',
      payload: signUpBody('rl2@example.com'),
      remoteAddress: ip,
    });
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    const other = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpSignUp',
      payload: signUpBody('rl3@example.com'),
      remoteAddress: '203.0.113.8',
    });
    expect(other.statusCode).toBe(200);
  });

  it('a client cannot escape the per-IP limit by sending X-Forwarded-For (no trusted proxy configured)', async () => {
    const ip = '203.0.113.77';
    const send = (email: string, forwarded: string) =>
      t.app.inject({
        method: 'POST',
        url: '/core/api/auth/HcpSignUp',
        payload: signUpBody(email),
        remoteAddress: ip,
        headers: { 'x-forwarded-for': forwarded, 'x-real-ip': forwarded },
      });
    expect((await send('xff1@example.com', '198.51.100.1')).statusCode).toBe(200);
    const spoofed = await send('xff2@example.com', '198.51.100.2');
    expect(spoofed.statusCode).toBe(429);
  });

  it('reset requests per IP answer 429 once over the limit', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/core/api/auth/ResetPasswordRequest',
        payload: 'webUserName=someone%40example.com',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: '198.51.100.4',
      });
    expect((await send()).statusCode).toBe(200);
    const over = await send();
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });
});
