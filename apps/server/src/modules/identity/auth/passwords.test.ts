import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hcp/contracts';
import {
  buildTestApp,
  formLogin,
  requestReset,
  resetLinkFor,
  resetPassword,
  signUp,
  type TestApp,
} from '../../../../test/build.ts';
import { users } from '../../../db/schema/index.ts';
import { LIMITS } from '../../platform/rate-limit/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

let n = 0;
const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  EmailAddress: `dana.reyes${++n}@example.com`,
  PhoneNumber: '5125550100',
  FirstName: 'Dana',
  LastName: 'Reyes',
  ProfessionId: 13,
  WebPassword: 'Tidal-Orchard-8841',
  ...overrides,
});
const postSignUp = (body: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/core/api/auth/HcpSignUp', payload: body, remoteAddress });
const userCount = async () => (await t.ctx.db.select({ n: count() }).from(users))[0]!.n;

/** Passwords refused for the account named in the body, with the message the form shows. */
const refused: [string, (email: string) => string, string][] = [
  ['spaces only', () => ' '.repeat(12), messages.passwordBlank],
  ['tabs and no-break spaces only', () => '\t\u00a0\t\u00a0\t\u00a0\t\u00a0', messages.passwordBlank],
  ['a common password with a capital, digits and a symbol', () => 'Qwerty123!', messages.passwordTooCommon],
  ['a common password in l33t spelling', () => 'Sunsh1ne!2024', messages.passwordTooCommon],
  ['another l33t common password', () => 'Footb@ll22', messages.passwordTooCommon],
  ['the account email itself', (email) => email, messages.passwordIsEmail],
  ['the account email in other letters, with a suffix', (email) => `${email.toUpperCase()}!`, messages.passwordIsEmail],
  ['a season, a year and a symbol', () => 'Autumn2025!', messages.passwordWeak],
];

describe('passwords at sign-up', () => {
  it.each(refused)('refuses %s with a clear message and creates nothing', async (_what, password, message) => {
    const body = signUpBody({ EmailAddress: `ko${++n}@ex.io` });
    const before = await userCount();
    const res = await postSignUp(
      { ...body, WebPassword: password(body.EmailAddress as string) },
      `203.0.113.${n % 250}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'weak_password', message });
    expect(await userCount()).toBe(before);
  });

  it('accepts an uncommon passphrase', async () => {
    expect((await postSignUp(signUpBody({ WebPassword: 'Copper Lantern Ridge' }))).statusCode).toBe(200);
  });
});

describe('passwords at reset', () => {
  it.each(refused)('refuses %s, keeps the old password and the link', async (_what, password, message) => {
    const u = await signUp(t, { EmailAddress: `lee${++n}@ex.io` });
    await requestReset(t, u.email, `198.51.100.${n % 250}`);
    const guid = await resetLinkFor(t, u.email);
    const res = await resetPassword(t, guid, password(u.email));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'weak_password', message });
    expect((await formLogin(t, u.email, u.password)).statusCode).toBe(200);
    expect((await resetPassword(t, guid, 'Copper-Lantern-Ridge-4')).statusCode).toBe(200);
  });
});

describe('sign-up per address', () => {
  it(`answers the spec's 409 while under ${LIMITS.signUpPerAddress.max} attempts an hour, then 429, from any client address`, async () => {
    const body = signUpBody();
    const statuses = [];
    for (let i = 0; i < LIMITS.signUpPerAddress.max + 2; i++) {
      const res = await postSignUp(body, `192.0.2.${100 + i}`);
      statuses.push(res.statusCode);
      if (res.statusCode === 409) expect(res.json().message).toBe('Email already exists. Please login.');
    }
    expect(statuses).toEqual([200, ...Array(LIMITS.signUpPerAddress.max - 1).fill(409), 429, 429]);
    // Other addresses are not affected.
    expect((await postSignUp(signUpBody(), '192.0.2.100')).statusCode).toBe(200);
  });

  it("refused forms do not count, so nobody can use up a stranger's address with them", async () => {
    const body = signUpBody();
    for (let i = 0; i < LIMITS.signUpPerAddress.max + 2; i++)
      expect((await postSignUp({ ...body, WebPassword: 'Qwerty123!' }, `192.0.2.${150 + i}`)).statusCode).toBe(400);
    expect((await postSignUp(body, '192.0.2.170')).statusCode).toBe(200);
    const [row] = await t.ctx.db
      .select({ n: count() })
      .from(users)
      .where(sql`lower(${users.email}) = ${(body.EmailAddress as string).toLowerCase()}`);
    expect(row!.n).toBe(1);
  });
});
