import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/modules/platform/rate-limit/service.ts';
import { accountRef } from '../../src/modules/identity/auth/service.ts';
import { startPostgresServer, type PostgresServer } from '../postgres-server.ts';
import { startServer, type ServerProcess } from '../spawn-server.ts';
import { pdfBytes } from '../dropbox-factories.ts';

/**
 * The documented rate limits (docs/security.md, at their real numbers) hold across two server
 * processes on one PostgreSQL: requests alternate between the processes, and the one over the limit
 * answers 429 with Retry-After whichever process it reaches (ASVS V2.4, V6.3; API4 and API6).
 * Behind the trusted proxy each limit is tried from its own client address.
 */

let pg: PostgresServer;
const servers: ServerProcess[] = [];
const dataDirs: string[] = [];

beforeAll(async () => {
  pg = await startPostgresServer();
  // Info level: the security events of the logins are what shows how many passwords were evaluated.
  const env = { DATABASE_URL: pg.url, TRUST_PROXY: 'true', RATE_LIMIT_SCALE: '1', LOG_LEVEL: 'info' };
  const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'hcp-rl-')));
  dataDirs.push(...dirs);
  // One after the other: the first applies the migrations; both share the JWT secret so tokens work on either.
  const secret = { JWT_SECRET: randomBytes(32).toString('hex'), DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
  servers.push(await startServer({ ...env, ...secret, DATA_DIR: dirs[0]! }));
  servers.push(await startServer({ ...env, ...secret, DATA_DIR: dirs[1]! }));
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  pg?.destroy();
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
});

let n = 0;
/** The i-th request goes to process i % 2, from the given client address. */
async function call(
  i: number,
  ip: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const form = typeof body === 'string';
  const res = await fetch(`${servers[i % 2]!.url}${url}`, {
    method,
    headers: {
      'x-forwarded-for': ip,
      ...(body === undefined
        ? {}
        : { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), text: await res.text() };
}

const signUpBody = () => ({
  EmailAddress: `rl${++n}.${randomBytes(3).toString('hex')}@example.com`,
  PhoneNumber: '5125550100',
  FirstName: 'Rate',
  LastName: 'Limit',
  ProfessionId: 13,
  WebPassword: 'Rate-Limit-Pass-42',
});

/**
 * Sends `max` allowed requests alternating between the processes, then expects 429 with Retry-After on
 * both. The windows are fixed: when one ends during the attempt the counts restart, so the attempt is
 * made once more (`send` gets the attempt number to use fresh subjects).
 */
async function expectLimit(
  limit: { max: number; windowSeconds: number },
  send: (i: number, attempt: number) => Promise<{ status: number; retryAfter: string | null; text: string }>,
  allowed: number[],
) {
  for (let attempt = 0; ; attempt++) {
    const windowOf = () => Math.floor(Date.now() / (limit.windowSeconds * 1000));
    const started = windowOf();
    try {
      for (let i = 0; i < limit.max; i++) {
        const r = await send(i, attempt);
        expect(allowed, `request ${i + 1} of ${limit.max}: ${r.status} ${r.text.slice(0, 200)}`).toContain(r.status);
      }
      for (const i of [limit.max, limit.max + 1]) {
        const over = await send(i, attempt);
        expect(over.status, `request ${i + 1} on process ${i % 2}`).toBe(429);
        expect(Number(over.retryAfter)).toBeGreaterThan(0);
        expect(Number(over.retryAfter)).toBeLessThanOrEqual(limit.windowSeconds);
        expect(JSON.parse(over.text)).toMatchObject({ status: 429, code: 'rate_limited' });
      }
      return;
    } catch (e) {
      if (attempt > 0 || windowOf() === started) throw e;
    }
  }
}

describe('rate limits across two processes on one PostgreSQL', () => {
  it('both processes answer and share one database', async () => {
    expect(servers[0]!.url).not.toBe(servers[1]!.url);
    for (const s of servers) expect((await fetch(`${s.url}/core/api/health/ready`)).status).toBe(200);
  });

  it(`sign-ups: ${LIMITS.signUpPerIp.max} per IP per hour`, async () => {
    await expectLimit(
      LIMITS.signUpPerIp,
      (i, a) => call(i, `198.51.100.${1 + 100 * a}`, 'POST', '/core/api/auth/HcpSignUp', signUpBody()),
      [200],
    );
    // Another address is not affected.
    expect((await call(0, '198.51.100.2', 'POST', '/core/api/auth/HcpSignUp', signUpBody())).status).toBe(200);
  }, 120_000);

  it(`logins: ${LIMITS.loginPerIp.max} per IP per 5 minutes`, async () => {
    await expectLimit(
      LIMITS.loginPerIp,
      (i, a) =>
        call(
          i,
          `198.51.100.${3 + 100 * a}`,
          'POST',
          '/core/api/auth/HcpLogin',
          `username=nobody${i}%40example.com&password=Wrong-Pass-${i}`,
        ),
      [401],
    );
  }, 120_000);

  it(`failed logins: ${LIMITS.loginFailuresPerAccount.max} per account per 15 minutes, then even the right password waits`, async () => {
    const bodies = [signUpBody(), signUpBody()];
    for (const body of bodies)
      expect((await call(0, '198.51.100.4', 'POST', '/core/api/auth/HcpSignUp', body)).status).toBe(200);
    const login = (i: number, a: number, password?: string) =>
      call(
        i,
        `198.51.100.${10 + i}`,
        'POST',
        '/core/api/auth/HcpLogin',
        `username=${encodeURIComponent(bodies[a]!.EmailAddress)}&password=${encodeURIComponent(password ?? bodies[a]!.WebPassword)}`,
      );
    const max = LIMITS.loginFailuresPerAccount.max;
    await expectLimit(
      LIMITS.loginFailuresPerAccount,
      (i, a) => (i < max ? login(i, a, 'Wrong-Pass-1') : login(i, a)),
      [401],
    );
  }, 120_000);

  it(`password reset requests: ${LIMITS.resetPerIp.max} per IP, and ${LIMITS.resetPerAccountAndIp.max} per account from one requester, per hour`, async () => {
    await expectLimit(
      LIMITS.resetPerIp,
      (i, a) =>
        call(
          i,
          `198.51.100.${30 + 100 * a}`,
          'POST',
          '/core/api/auth/ResetPasswordRequest',
          `webUserName=someone${i}%40example.com`,
        ),
      [200],
    );
    await expectLimit(
      LIMITS.resetPerAccountAndIp,
      (i, a) =>
        call(
          i,
          `198.51.100.${40 + 100 * a}`,
          'POST',
          '/core/api/auth/ResetPasswordRequest',
          `webUserName=target${a}%40example.com`,
        ),
      [200],
    );
    // The same address asked for from elsewhere (its owner) is still answered.
    expect(
      (
        await call(
          1,
          '198.51.100.41',
          'POST',
          '/core/api/auth/ResetPasswordRequest',
          'webUserName=target0%40example.com',
        )
      ).status,
    ).toBe(200);
  }, 120_000);

  it(`sign-ups: ${LIMITS.signUpPerAddress.max} attempts per address per hour, from any client address`, async () => {
    const bodies = [signUpBody(), signUpBody()];
    await expectLimit(
      LIMITS.signUpPerAddress,
      (i, a) => call(i, `198.51.100.${150 + i}`, 'POST', '/core/api/auth/HcpSignUp', bodies[a]),
      [200, 409],
    );
  }, 120_000);

  it(`a burst of 150 wrong passwords for one account gets at most ${LIMITS.loginFailuresPerAccount.max} password evaluations on both processes together`, async () => {
    const body = signUpBody();
    expect((await call(0, '198.51.100.160', 'POST', '/core/api/auth/HcpSignUp', body)).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        call(
          i,
          `2001:db8::${(i + 1).toString(16)}`,
          'POST',
          '/core/api/auth/HcpLogin',
          `username=${encodeURIComponent(body.EmailAddress)}&password=Guess-${i}-Orchard`,
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // Each attempt logs one security event: 'wrong_password' exactly when its password was evaluated.
    const account = accountRef(body.EmailAddress);
    const events = () =>
      servers
        .flatMap((s) => s.output().split('\n'))
        .filter((line) => line.includes('"auth.login"') && line.includes(account))
        .map((line) => JSON.parse(line) as { reason: string });
    await expect.poll(() => events().length, { timeout: 30_000 }).toBe(150);
    const evaluated = events().filter((e) => e.reason === 'wrong_password').length;
    expect(evaluated).toBeLessThanOrEqual(LIMITS.loginFailuresPerAccount.max);
    expect(statuses.filter((s) => s === 401)).toHaveLength(evaluated);
    // Locked on both processes, even for the right password.
    for (const i of [0, 1])
      expect(
        (
          await call(
            i,
            '198.51.100.161',
            'POST',
            '/core/api/auth/HcpLogin',
            `username=${encodeURIComponent(body.EmailAddress)}&password=${encodeURIComponent(body.WebPassword)}`,
          )
        ).status,
      ).toBe(429);
  }, 120_000);

  it(`public reference form: ${LIMITS.publicReferencePerIp.max} calls per IP per hour, malformed ones included`, async () => {
    await expectLimit(
      LIMITS.publicReferencePerIp,
      (i, a) =>
        i % 3 === 0
          ? call(i, `198.51.100.${60 + 100 * a}`, 'POST', '/core/api/HcpReferral/saveProfessionalClinicalReference', {
              ReferenceGuid: 'x',
            })
          : call(i, `198.51.100.${60 + 100 * a}`, 'GET', `/core/api/HcpReferral/getReferralData?guid=guess-${i}`),
      [400, 404, 422],
    );
  }, 120_000);

  it(`uploads: ${LIMITS.uploadPerUser.max} per clinician per hour, on either process`, async () => {
    const tokens = [
      (await call(0, '198.51.100.70', 'POST', '/core/api/auth/HcpSignUp', signUpBody())).text,
      (await call(0, '198.51.100.70', 'POST', '/core/api/auth/HcpSignUp', signUpBody())).text,
    ];
    const file = pdfBytes().toString('base64');
    await expectLimit(
      LIMITS.uploadPerUser,
      (i, a) =>
        call(
          i,
          `198.51.100.${71 + (i % 5)}`,
          'POST',
          '/core/api/Document/uploadDocument',
          { file, fileType: 'pdf' },
          { authorization: `Bearer ${tokens[a]}` },
        ),
      [200],
    );
  }, 180_000);

  it(`referrals: ${LIMITS.referralPerUser.max} per clinician per hour`, async () => {
    const tokens = [
      (await call(0, '198.51.100.80', 'POST', '/core/api/auth/HcpSignUp', signUpBody())).text,
      (await call(0, '198.51.100.80', 'POST', '/core/api/auth/HcpSignUp', signUpBody())).text,
    ];
    await expectLimit(
      LIMITS.referralPerUser,
      (i, a) =>
        call(
          i,
          '198.51.100.81',
          'POST',
          '/core/api/HcpReferral/saveReferral',
          { FirstName: `F${i}`, LastName: 'Friend', PhoneNumber: '5125550123', DisciplineId: 13 },
          { authorization: `Bearer ${tokens[a]}` },
        ),
      [200],
    );
  }, 120_000);
});
