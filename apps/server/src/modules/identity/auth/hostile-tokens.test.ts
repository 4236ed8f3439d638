import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { auth, buildTestApp, form, formLogin, resetLinkFor, signUp, type TestApp } from '../../../../test/build.ts';
import { sessions } from '../../../db/schema/index.ts';
import { hashPassword } from '../../../lib/crypto.ts';
import type * as CryptoModule from '../../../lib/crypto.ts';

// Counts argon2 hashes (the real function still runs).
vi.mock('../../../lib/crypto.ts', async (importOriginal) => {
  const real = await importOriginal<typeof CryptoModule>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

/** Token attacks beyond the basic ones in auth.test.ts (tampering, alg none, expiry, audience, logout, reset). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
});
afterAll(async () => t?.close());

describe('hostile tokens (beyond tampering, alg none, expiry and audience above)', () => {
  const userInfo = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/core/api/HcpApiUser/userInfo', headers });
  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as JWTPayload & { sid: string };
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const sign = (claims: Record<string, unknown>, opts: { alg?: string; secret?: Uint8Array; header?: Record<string, unknown> } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: opts.alg ?? 'HS256', ...opts.header })
      .sign(opts.secret ?? t.ctx.secrets.jwtSecret);

  it('refuses a wrong issuer, another algorithm, another key, an embedded key and missing claims', async () => {
    const u = await signUp(t);
    const c = claimsOf(u.token);
    const good = { sub: c.sub, sid: c.sid, iss: c.iss, aud: c.aud, exp: c.exp };
    // The control: a token built here with the server's key and the right claims is accepted.
    expect((await userInfo(auth(await sign(good)))).statusCode).toBe(200);
    const attacker = await generateKeyPair('RS256');
    const bad = [
      await sign({ ...good, iss: 'someone-else' }),
      await sign({ ...good, alg: undefined }, { alg: 'HS512' }),
      await sign(good, { secret: new TextEncoder().encode('another-server-secret-another-server-secret') }),
      await new SignJWT(good).setProtectedHeader({ alg: 'RS256', jwk: await exportJWK(attacker.publicKey) }).sign(attacker.privateKey),
      `${b64({ alg: 'None', typ: 'JWT' })}.${b64(good)}.`,
      `${b64({ alg: 'NONE', typ: 'JWT' })}.${b64(good)}.${u.token.split('.')[2]}`,
      await sign({ ...good, sid: undefined }),
      await sign({ ...good, exp: undefined }),
      await sign({ ...good, sub: 'admin' }),
      await sign({ ...good, sub: '1 or 1=1' }),
    ];
    for (const token of bad) expect((await userInfo(auth(token))).statusCode, token).toBe(401);
  });

  it('binds the session to its user: another user\'s session id in a validly signed token is refused', async () => {
    const victim = await signUp(t);
    const attacker = await signUp(t);
    const c = claimsOf(attacker.token);
    const forged = await sign({ sub: c.sub, sid: claimsOf(victim.token).sid, iss: c.iss, aud: c.aud, exp: c.exp });
    expect((await userInfo(auth(forged))).statusCode).toBe(401);
  });

  it('reads the token only from the Authorization header, never from a cookie or the query', async () => {
    const u = await signUp(t);
    expect((await t.app.inject({ method: 'GET', url: '/core/api/HcpApiUser/userInfo', headers: { cookie: `hcp_token=${u.token}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/core/api/HcpApiUser/userInfo?token=${u.token}` })).statusCode).toBe(401);
    expect((await userInfo({ authorization: `Basic ${u.token}` })).statusCode).toBe(401);
    expect((await userInfo({ authorization: `Bearer ${u.token}x` })).statusCode).toBe(401);
  });

  it('refuses a token whose session has passed its 30-day life, and a revoked session cannot refresh', async () => {
    const u = await signUp(t);
    await t.ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, u.userId));
    expect((await userInfo(auth(u.token))).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/core/api/auth/RefreshToken', headers: auth(u.token) })).statusCode).toBe(401);
  });

  it('a password reset revokes every session of the account, not only the one that asked', async () => {
    const u = await signUp(t);
    const second = (await formLogin(t, u.email, u.password)).body;
    const third = (await formLogin(t, u.email, u.password)).body;
    for (const tok of [u.token, second, third]) expect((await userInfo(auth(tok))).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/core/api/auth/ResetPasswordRequest', ...form({ webUserName: u.email }) });
    const guid = await resetLinkFor(t, u.email);
    const ok = await t.app.inject({ method: 'POST', url: '/core/api/auth/UpdateHcpUserPassword', ...form({ resetGuid: guid, newPassword: 'Reset-All-Sessions-8' }) });
    expect(ok.statusCode).toBe(200);
    for (const tok of [u.token, second, third]) {
      expect((await userInfo(auth(tok))).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/core/api/auth/RefreshToken', headers: auth(tok) })).statusCode).toBe(401);
    }
  });

  it('logout ends only its own session', async () => {
    const u = await signUp(t);
    const other = (await formLogin(t, u.email, u.password)).body;
    expect((await t.app.inject({ method: 'POST', url: '/core/api/auth/Logout', headers: auth(u.token) })).statusCode).toBe(204);
    expect((await userInfo(auth(u.token))).statusCode).toBe(401);
    expect((await userInfo(auth(other))).statusCode).toBe(200);
  });
});

describe('password reset guesses', () => {
  it('cost a lookup, never an argon2 hash (19 MiB each), and are refused', async () => {
    vi.mocked(hashPassword).mockClear();
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/core/api/auth/UpdateHcpUserPassword',
        ...form({ resetGuid: `guess-${i}-${'x'.repeat(40)}`, newPassword: 'Guessing-Pass-42' }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('reset_link_invalid');
    }
    expect(hashPassword).not.toHaveBeenCalled();
  });
});

describe('guessable passwords', () => {
  it('sign-up and reset refuse a password made of the agency name or the clinician\'s own name', async () => {
    const body = { PhoneNumber: '5125550100', ProfessionId: 13 };
    const own = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpSignUp',
      payload: { ...body, EmailAddress: 'rosalind.franklin@example.com', FirstName: 'Rosalind', LastName: 'Franklin', WebPassword: 'Rosalind-1920!' },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ code: 'weak_password', message: 'This password is too easy to guess. Avoid your name, your email and the agency name.' });
    const agency = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpSignUp',
      payload: { ...body, EmailAddress: 'someone.else@example.com', FirstName: 'Some', LastName: 'One', WebPassword: 'TRS-Healthcare-26' },
    });
    expect(agency.statusCode).toBe(400);
    const u = await signUp(t, { FirstName: 'Katherine', LastName: 'Johnson' });
    await t.app.inject({ method: 'POST', url: '/core/api/auth/ResetPasswordRequest', ...form({ webUserName: u.email }) });
    const guid = await resetLinkFor(t, u.email);
    const weak = await t.app.inject({ method: 'POST', url: '/core/api/auth/UpdateHcpUserPassword', ...form({ resetGuid: guid, newPassword: 'Katherine-1918' }) });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('weak_password');
    // The link is still usable for a good password.
    const ok = await t.app.inject({ method: 'POST', url: '/core/api/auth/UpdateHcpUserPassword', ...form({ resetGuid: guid, newPassword: 'Orbital-Mechanics-62' }) });
    expect(ok.statusCode).toBe(200);
  });

  it('an expired token cannot be refreshed into a new one', async () => {
    const u = await signUp(t);
    const c = JSON.parse(Buffer.from(u.token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string; iss: string; aud: string };
    const expired = await new SignJWT({ sid: c.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(c.sub)
      .setIssuer(c.iss)
      .setAudience(c.aud)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1)
      .sign(t.ctx.secrets.jwtSecret);
    expect((await t.app.inject({ method: 'POST', url: '/core/api/auth/RefreshToken', headers: auth(expired) })).statusCode).toBe(401);
  });
});
