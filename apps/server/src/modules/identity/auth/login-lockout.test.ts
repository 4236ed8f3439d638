import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, formLogin, signUp, type TestApp } from '../../../../test/build.ts';
import { LIMITS } from '../../platform/rate-limit/service.ts';
import type * as Crypto from '../../../lib/crypto.ts';

/**
 * Every argon2 verification the login makes, real or against the dummy hash, is counted: the lockout
 * is only a lockout if a burst of guesses gets no more password evaluations than its threshold.
 */
const evaluations = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../lib/crypto.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Crypto>();
  return {
    ...real,
    verifyPassword: (hash: string, password: string) => {
      evaluations.count += 1;
      return real.verifyPassword(hash, password);
    },
    verifyAgainstDummy: (password: string) => {
      evaluations.count += 1;
      return real.verifyAgainstDummy(password);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());
beforeEach(() => {
  evaluations.count = 0;
});

const threshold = LIMITS.loginFailuresPerAccount.max;

/** `n` logins fired at once, each from its own address (so the per-address limit is not what stops them). */
function burst(n: number, username: string, password: (i: number) => string) {
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/core/api/auth/HcpLogin',
        payload: new URLSearchParams({ username, password: password(i) }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: `2001:db8::${(i + 1).toString(16)}`,
      }),
    ),
  );
}

describe('the failed-login lockout under a burst', () => {
  it(`evaluates at most ${LIMITS.loginFailuresPerAccount.max} of 150 simultaneous wrong passwords for one account, then locks it`, async () => {
    const u = await signUp(t);
    evaluations.count = 0;
    const answers = await burst(150, u.email, (i) => `Guess-${i}-Tidal-Orchard`);
    const statuses = answers.map((a) => a.statusCode);
    expect(evaluations.count).toBeLessThanOrEqual(threshold);
    expect(statuses.filter((s) => s === 401)).toHaveLength(evaluations.count);
    expect(statuses.filter((s) => s === 429)).toHaveLength(150 - evaluations.count);
    // Locked: even the right password waits for the window.
    expect((await formLogin(t, u.email, u.password)).statusCode).toBe(429);
  });

  it('holds for an address with no account too (each guess would cost a dummy hash)', async () => {
    const answers = await burst(120, 'no.such.nurse@example.com', (i) => `Guess-${i}-Quiet-Harbor`);
    expect(evaluations.count).toBeLessThanOrEqual(threshold);
    expect(answers.every((a) => a.statusCode === 401 || a.statusCode === 429)).toBe(true);
  });

  it('does not count right passwords: a clinician who logs in often keeps all attempts', async () => {
    const u = await signUp(t);
    for (let i = 0; i < threshold + 5; i++) expect((await formLogin(t, u.email, u.password)).statusCode).toBe(200);
    for (let i = 0; i < threshold; i++)
      expect((await formLogin(t, u.email, `Wrong-Steady-Harbor-${i}`)).statusCode).toBe(401);
    expect((await formLogin(t, u.email, 'Wrong-Steady-Harbor-x')).statusCode).toBe(429);
    expect((await formLogin(t, u.email, u.password)).statusCode).toBe(429);
  });
});
