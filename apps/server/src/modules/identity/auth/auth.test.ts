import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { auth, buildTestApp, form, formLogin, resetLinkFor, signUp, type TestApp } from '../../../../test/build.ts';
import { agencyKey, keyAuth } from '../../../../test/agency-factories.ts';
import { mailOutbox, sessions, users } from '../../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const userCount = async () => (await t.ctx.db.select({ n: count() }).from(users))[0]!.n;

describe('sign-up', () => {
  it('creates the account and answers a token that works for userInfo', async () => {
    const u = await signUp(t, { FirstName: '  Ana ', LastName: 'Lopez' });
    const res = await t.app.inject({ method: 'GET', url: '/core/api/hcpapiuser/USERINFO', headers: auth(u.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Ana',
      lastName: 'Lopez',
      applicationComplete: false,
      eligibleForSubmission: false,
    });
    expect(res.json().discipline).toMatchObject({ id: 13, name: 'Registered Nurse', isAllied: false });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 409 with the spec message when the email exists, in any letter case', async () => {
    const u = await signUp(t);
    const before = await userCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpSignUp',
      payload: {
        EmailAddress: u.email.toUpperCase(),
        PhoneNumber: '5125550100',
        FirstName: 'A',
        LastName: 'B',
        ProfessionId: 13,
        WebPassword: 'Another-Pass-9',
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'email_exists', message: 'Email already exists. Please login.' });
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ EmailAddress: 'no-at-sign' }, 'EmailAddress'],
    [{ EmailAddress: 'a@b.c' }, 'EmailAddress'],
    [{ PhoneNumber: '512555010' }, 'PhoneNumber'],
    [{ PhoneNumber: '51255501000' }, 'PhoneNumber'],
    [{ PhoneNumber: '512-555-010' }, 'PhoneNumber'],
    [{ FirstName: '   ' }, 'FirstName'],
    [{ ProfessionId: 'abc' }, 'ProfessionId'],
    [{ WebPassword: 'x'.repeat(31) }, 'WebPassword'],
  ])('refuses %j with a 400 naming the field and creates nothing', async (override, field) => {
    const before = await userCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpSignUp',
      payload: {
        EmailAddress: 'valid.person@example.com',
        PhoneNumber: '5125550100',
        FirstName: 'A',
        LastName: 'B',
        ProfessionId: 13,
        WebPassword: 'Strong-Pass-77',
        ...override,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain(field);
    expect(await userCount()).toBe(before);
  });

  it('refuses short and common passwords and unknown professions', async () => {
    const base = { PhoneNumber: '5125550100', FirstName: 'A', LastName: 'B', ProfessionId: 13 };
    const short = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpSignUp',
      payload: { ...base, EmailAddress: 'short.pw@example.com', WebPassword: 'Ab1!' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be 8 to 30 characters.');
    const common = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpSignUp',
      payload: { ...base, EmailAddress: 'common.pw@example.com', WebPassword: 'password123' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe('weak_password');
    const prof = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpSignUp',
      payload: { ...base, EmailAddress: 'prof@example.com', WebPassword: 'Strong-Pass-77', ProfessionId: 99999 },
    });
    expect(prof.statusCode).toBe(400);
  });

  it('answers hostile bodies with 4xx: wrong types, SQL metacharacters, 10 MB, not JSON', async () => {
    const before = await userCount();
    const sqlish = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpSignUp',
      payload: {
        EmailAddress: "x'); drop table users;--@example.com",
        PhoneNumber: '5125550100',
        FirstName: "Robert'); DROP TABLE users;--",
        LastName: '<script>alert(1)</script>',
        ProfessionId: 13,
        WebPassword: 'Strong-Pass-77',
      },
    });
    expect([200, 400]).toContain(sqlish.statusCode);
    const wrongTypes = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpSignUp',
      payload: { EmailAddress: 5, PhoneNumber: [], FirstName: {}, ProfessionId: null },
    });
    expect(wrongTypes.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpSignUp',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ EmailAddress: 'a'.repeat(10 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpSignUp',
      headers: { 'content-type': 'application/json' },
      payload: '{"EmailAddress":',
    });
    expect(broken.statusCode).toBe(400);
    const empty = await t.app.inject({ method: 'POST', url: '/core/api/auth/HcpSignUp' });
    expect(empty.statusCode).toBe(400);
    // The SQL-looking sign-up either was refused or stored as plain text; the table is intact.
    expect(await userCount()).toBeGreaterThanOrEqual(before);
    if (sqlish.statusCode === 200) {
      const info = await t.app.inject({
        method: 'GET',
        url: '/core/api/HcpApiUser/userInfo',
        headers: auth(sqlish.body),
      });
      expect(info.json().lastName).toBe('<script>alert(1)</script>');
    }
  });
});

describe('the campaign of the visit that led to sign-up', () => {
  const agencyRead = async (url: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/core/api/agency/${url}`,
      headers: keyAuth(await agencyKey(t)),
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const signedUpEvent = async (userId: number) => {
    const { items } = await agencyRead('events?limit=500');
    return (items as { type: string; userId: number; data: Record<string, unknown> }[]).find(
      (e) => e.type === 'clinician.signed_up' && e.userId === userId,
    );
  };

  it('is stored with the account, read by the agency and sent with the signed-up event', async () => {
    const u = await signUp(
      t,
      { ReferralId: 17 },
      {
        utm_source: 'Indeed',
        utm_medium: 'cpc',
        utm_campaign: ' winter-icu ',
        utm_term: 'travel icu nurse',
        utm_content: 'banner-b',
      },
    );
    const campaign = {
      utmSource: 'Indeed',
      utmMedium: 'cpc',
      utmCampaign: 'winter-icu',
      utmTerm: 'travel icu nurse',
      utmContent: 'banner-b',
    };
    expect((await agencyRead(`clinicians/${u.userId}`)).campaign).toEqual(campaign);
    const listed = await agencyRead(`clinicians?email=${encodeURIComponent(u.email)}`);
    expect(listed.items[0]).toMatchObject({ leadSourceId: 17, campaign });
    expect((await signedUpEvent(u.userId))?.data).toMatchObject({ leadSourceId: 17, campaign });
  });

  it('is null without one; a missing or empty parameter is null', async () => {
    const none = await signUp(t);
    expect((await agencyRead(`clinicians/${none.userId}`)).campaign).toBeNull();
    expect((await signedUpEvent(none.userId))?.data.campaign).toBeNull();
    const some = await signUp(t, {}, { utm_campaign: 'spring', utm_term: '  ' });
    expect((await agencyRead(`clinicians/${some.userId}`)).campaign).toEqual({
      utmSource: null,
      utmMedium: null,
      utmCampaign: 'spring',
      utmTerm: null,
      utmContent: null,
    });
  });

  it('refuses an over-long or control-character value with its field named, and creates no account', async () => {
    const before = await userCount();
    const payload = {
      EmailAddress: 'campaign.refused@example.com',
      PhoneNumber: '5125550100',
      FirstName: 'Camp',
      LastName: 'Aign',
      ProfessionId: 13,
      WebPassword: 'Strong-Pass-77',
    };
    const refused: Record<string, string>[] = [{ utm_campaign: 'x'.repeat(201) }, { utm_content: 'a\u0007b' }];
    for (const query of refused) {
      const res = await t.app.inject({ method: 'POST', url: '/core/api/auth/HcpSignUp', query, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        expect.objectContaining({ field: `querystring.${Object.keys(query)[0]}`, message: expect.any(String) }),
      ]);
    }
    expect(await userCount()).toBe(before);
    // The longest value fits.
    const longest = await signUp(t, {}, { utm_campaign: 'x'.repeat(200) });
    expect((await agencyRead(`clinicians/${longest.userId}`)).campaign.utmCampaign).toHaveLength(200);
  });
});

describe('login', () => {
  it('answers the token as text for the right password, any email case', async () => {
    const u = await signUp(t);
    const res = await formLogin(t, u.email.toUpperCase(), u.password);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body.split('.')).toHaveLength(3);
  });

  it('answers the same 401 for a wrong password, an unknown email and empty fields', async () => {
    const u = await signUp(t);
    const wrong = await formLogin(t, u.email, 'Wrong-Password-1');
    const unknown = await formLogin(t, 'nobody.here@example.com', 'Wrong-Password-1');
    const empty = await formLogin(t, '', '');
    for (const r of [wrong, unknown, empty]) {
      expect(r.statusCode).toBe(401);
      expect(r.json().message).toBe('Invalid login credentials');
    }
    expect(wrong.json().code).toBe(unknown.json().code);
  });

  it('locks an account with 429 and Retry-After after repeated failures', async () => {
    const u = await signUp(t);
    let last = await formLogin(t, u.email, 'nope-nope-nope');
    for (let i = 0; i < 12 && last.statusCode !== 429; i++) last = await formLogin(t, u.email, 'nope-nope-nope');
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    const right = await formLogin(t, u.email, u.password);
    expect(right.statusCode).toBe(429);
  });
});

describe('tokens and sessions', () => {
  it('refreshes a token, and logout revokes the session for every token of it', async () => {
    const u = await signUp(t);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/RefreshToken',
      headers: auth(u.token),
    });
    expect(refreshed.statusCode).toBe(200);
    const newToken = refreshed.body;
    expect(
      (await t.app.inject({ method: 'GET', url: '/core/api/HcpApiUser/userInfo', headers: auth(newToken) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/core/api/auth/Logout', headers: auth(newToken) })).statusCode,
    ).toBe(204);
    for (const tok of [u.token, newToken]) {
      const r = await t.app.inject({ method: 'GET', url: '/core/api/HcpApiUser/userInfo', headers: auth(tok) });
      expect(r.statusCode).toBe(401);
    }
  });

  it('refuses tampered, unsigned, expired and wrong-audience tokens', async () => {
    const u = await signUp(t);
    const [h, p, s] = u.token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: '1' })).toString('base64url')}.${s}`;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const secret = t.ctx.secrets.jwtSecret;
    const expired = await new SignJWT({ sid: payload.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(payload.sub)
      .setIssuer(payload.iss)
      .setAudience(payload.aud)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(secret);
    const wrongAud = await new SignJWT({ sid: payload.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(payload.sub)
      .setIssuer(payload.iss)
      .setAudience('someone-else')
      .setExpirationTime('5m')
      .sign(secret);
    for (const bad of [tampered, none, expired, wrongAud, 'garbage', '']) {
      const r = await t.app.inject({ method: 'GET', url: '/core/api/HcpApiUser/userInfo', headers: auth(bad) });
      expect(r.statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/core/api/HcpApiUser/userInfo' })).statusCode).toBe(401);
  });

  it('hub login answers an auth token and the user data', async () => {
    const u = await signUp(t, { FirstName: 'Hub', LastName: 'User' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/home/login/website',
      payload: { userName: u.email, password: u.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ UserData: { firstName: 'Hub', lastName: 'User', photoUrl: null } });
    // The hub token is not a portal token.
    const r = await t.app.inject({
      method: 'GET',
      url: '/core/api/HcpApiUser/userInfo',
      headers: auth(res.json().authToken),
    });
    expect(r.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/home/login/website',
      payload: { userName: u.email, password: 'nope' },
    });
    expect(bad.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown accounts', async () => {
    const u = await signUp(t);
    const known = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/ResetPasswordRequest',
      ...form({ webUserName: u.email }),
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/ResetPasswordRequest',
      ...form({ webUserName: 'ghost@example.com' }),
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    await t.drain();
    const ghostMail = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'ghost@example.com'));
    expect(ghostMail).toHaveLength(0);
  });

  it('validates the guid, sets the new password once, and ends every session', async () => {
    const u = await signUp(t);
    await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/ResetPasswordRequest',
      ...form({ webUserName: u.email }),
    });
    const guid = await resetLinkFor(t, u.email);
    expect(Buffer.from(guid, 'base64url')).toHaveLength(32);
    const valid = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/ValidateResetGuid',
      ...form({ resetGuid: guid }),
    });
    expect(valid.json()).toEqual({ guidIsValid: true, webUserName: u.email });
    const weak = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/UpdateHcpUserPassword',
      ...form({ resetGuid: guid, newPassword: 'short' }),
    });
    expect(weak.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/UpdateHcpUserPassword',
      ...form({ resetGuid: guid, newPassword: 'Brand-New-Pass-5' }),
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/core/api/HcpApiUser/userInfo', headers: auth(u.token) })).statusCode,
    ).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/UpdateHcpUserPassword',
      ...form({ resetGuid: guid, newPassword: 'Another-Pass-6' }),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Password reset link is no longer valid! Reset your password or login below.');
    expect((await formLogin(t, u.email, u.password)).statusCode).toBe(401);
    expect((await formLogin(t, u.email, 'Brand-New-Pass-5')).statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/ValidateResetGuid',
      ...form({ resetGuid: guid }),
    });
    expect(after.json().guidIsValid).toBe(false);
  });

  it('refuses an expired guid', async () => {
    const u = await signUp(t);
    await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/ResetPasswordRequest',
      ...form({ webUserName: u.email }),
    });
    const guid = await resetLinkFor(t, u.email);
    await t.ctx.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 minute' where user_id = ${u.userId}`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/ValidateResetGuid',
      ...form({ resetGuid: guid }),
    });
    expect(res.json().guidIsValid).toBe(false);
  });

  it('treats garbage guids as invalid without errors', async () => {
    for (const g of ['', 'x', "' or 1=1 --", 'a'.repeat(5000)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/core/api/auth/ValidateResetGuid',
        ...form({ resetGuid: g }),
      });
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('keeps sessions in the database, not in the token alone', async () => {
    const u = await signUp(t);
    const rows = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, u.userId));
    expect(rows.length).toBeGreaterThan(0);
  });
});
