import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build.ts';
import { loggerOptions, redactUrl } from './logger.ts';

let lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  const opts = loggerOptions('info') as Record<string, unknown>;
  t = await buildTestApp({ logger: { ...opts, stream } as never });
});
afterAll(() => t?.close());

describe('logs', () => {
  it('carry a request id and never the password, token or reset guid', async () => {
    lines = [];
    const password = 'Very-Secret-Pass-91';
    const email = `log.${Date.now()}@example.com`;
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpSignUp',
      payload: {
        EmailAddress: email,
        PhoneNumber: '5125550100',
        FirstName: 'Log',
        LastName: 'Test',
        ProfessionId: 13,
        WebPassword: password,
      },
    });
    const token = signUp.body;
    await t.app.inject({
      method: 'GET',
      url: '/core/api/HcpApiUser/userInfo',
      headers: { authorization: `Bearer ${token}` },
    });
    await t.app.inject({ method: 'GET', url: '/core/api/nothing-here?rpg=SECRETGUIDVALUE' });
    const all = lines.join('\n');
    expect(signUp.headers['x-request-id']).toBeTruthy();
    const requestLines = lines.filter((x) => x.includes('"req"'));
    expect(requestLines.length).toBeGreaterThan(0);
    for (const l of requestLines) expect(JSON.parse(l).reqId).toBeTruthy();
    expect(all).not.toContain(password);
    expect(all).not.toContain(token);
    expect(all).not.toContain('SECRETGUIDVALUE');
  });

  it('record security events: sign-up, logins that pass and fail, logout, refusals; with who, when and where, never the email or password', async () => {
    lines = [];
    const email = `events.${Date.now()}@example.com`;
    const password = 'Event-Pass-Word-93';
    const form = (o: Record<string, string>) => ({
      payload: new URLSearchParams(o).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpSignUp',
      payload: {
        EmailAddress: email,
        PhoneNumber: '5125550100',
        FirstName: 'Eve',
        LastName: 'Ents',
        ProfessionId: 13,
        WebPassword: password,
      },
      remoteAddress: '203.0.113.50',
    });
    expect(signUp.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/core/api/auth/HcpLogin',
          ...form({ username: email, password: 'Wrong-Pass-Word-1' }),
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/core/api/auth/HcpLogin',
          ...form({ username: 'nobody@example.com', password: 'Wrong-Pass-Word-1' }),
        })
      ).statusCode,
    ).toBe(401);
    // Log injection: a forged log line in a field and in the URL stays inside one JSON line.
    const forged = '\n{"level":30,"event":"auth.login","outcome":"success","userId":1}';
    await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpLogin',
      ...form({ username: forged, password: 'x' }),
    });
    await t.app.inject({ method: 'GET', url: `/core/api/nothing?x=${encodeURIComponent(forged)}` });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpLogin',
      ...form({ username: email, password }),
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/core/api/HcpApiUser/userInfo',
          headers: { authorization: 'Bearer forged.token.here' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/core/api/HcpJobOffers/getJobOfferDetails?submissionId=abc',
          headers: { authorization: `Bearer ${ok.body}` },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/core/api/auth/Logout',
          headers: { authorization: `Bearer ${ok.body}` },
        })
      ).statusCode,
    ).toBe(204);
    const parsed = lines
      .flatMap((chunk) => chunk.split('\n').filter(Boolean))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.filter((e) => e.event === 'auth.login' && e.userId === 1)).toEqual([]);
    const events = parsed.filter((l) => l.event);
    const userId = events.find((e) => e.event === 'auth.signup')?.userId;
    expect(userId).toEqual(expect.any(Number));
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: 'auth.signup', outcome: 'success', userId, ip: '203.0.113.50' }),
        expect.objectContaining({
          event: 'auth.login',
          outcome: 'failure',
          reason: 'wrong_password',
          userId,
          account: expect.any(String),
        }),
        expect.objectContaining({ event: 'auth.login', outcome: 'failure', reason: 'unknown_account' }),
        expect.objectContaining({ event: 'auth.login', outcome: 'success', userId }),
        expect.objectContaining({
          event: 'request.refused',
          status: 401,
          code: 'unauthorized',
          route: '/core/api/HcpApiUser/userInfo',
        }),
        expect.objectContaining({
          event: 'request.refused',
          status: 400,
          code: 'validation_failed',
          route: '/core/api/HcpJobOffers/getJobOfferDetails',
        }),
        expect.objectContaining({ event: 'auth.logout', outcome: 'success', userId }),
      ]),
    );
    for (const e of events) {
      expect(e.time).toEqual(expect.any(Number));
      expect(e.reqId).toEqual(expect.any(String));
    }
    const all = lines.join('\n');
    expect(all).not.toContain(email);
    expect(all).not.toContain('nobody@example.com');
    expect(all).not.toContain(password);
    expect(all).not.toContain(ok.body);
  });

  it("never log the referee's link token, in any spelling of the page's path", async () => {
    lines = [];
    const token = 'RefereeTok3n_abcdefghijklmnopqrstuv';
    const paths = [
      `/clinical-professional-reference/${token}`,
      `/Clinical-Professional-Reference/${token}?utm_source=mail`,
      `/clinical%2Dprofessional-reference/${token}`,
      `//clinical-professional-reference//${token}/`,
      `/clinical-professional-reference%2F${token}`,
    ];
    for (const url of paths) await t.app.inject({ method: 'GET', url });
    const requestLines = lines.filter((x) => x.includes('"req"'));
    expect(requestLines.length).toBeGreaterThanOrEqual(paths.length);
    expect(lines.join('\n')).not.toContain(token);
    expect(redactUrl(`/clinical-professional-reference/${token}`)).toBe('/clinical-professional-reference/[redacted]');
    expect(redactUrl('/clinical-professional-reference')).toBe('/clinical-professional-reference');
  });

  it('redacts secret query values', () => {
    expect(redactUrl('/reset-password?rpg=abc&x=1')).toBe('/reset-password?rpg=[redacted]&x=1');
    expect(redactUrl('/a?filePath=u/1/x.pdf')).toBe('/a?filePath=[redacted]');
    expect(redactUrl('/a?SSN=512839467&DateOfBirth=1987-03-14&page=2')).toBe(
      '/a?SSN=[redacted]&DateOfBirth=[redacted]&page=2',
    );
  });
});
