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
      payload: { EmailAddress: email, PhoneNumber: '5125550100', FirstName: 'Log', LastName: 'Test', ProfessionId: 13, WebPassword: password },
    });
    const token = signUp.body;
    await t.app.inject({ method: 'GET', url: '/core/api/HcpApiUser/userInfo', headers: { authorization: `Bearer ${token}` } });
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

  it('redacts secret query values', () => {
    expect(redactUrl('/reset-password?rpg=abc&x=1')).toBe('/reset-password?rpg=[redacted]&x=1');
    expect(redactUrl('/a?filePath=u/1/x.pdf')).toBe('/a?filePath=[redacted]');
    expect(redactUrl('/a?SSN=512839467&DateOfBirth=1987-03-14&page=2')).toBe('/a?SSN=[redacted]&DateOfBirth=[redacted]&page=2');
  });
});
