import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, devHeaders, type TestApp } from '../build.ts';
import { agencyKey } from '../agency-factories.ts';
import { EXAMPLES, OWNED, person, PUBLIC, validParts, type OwnedCase, type World } from './endpoints.ts';
import {
  apiRoutes,
  buildSecurityApp,
  changedTables,
  exampleParts,
  idFields,
  injectOf,
  isAgencyRoute,
  publicKey,
  requiresClinician,
  routeKey,
  rowsOf,
  tableDigests,
} from './harness.ts';

/**
 * Access control, generated from the routes of the running app (ASVS V8, API1/API5 of the OWASP API
 * Top 10): no clinician route answers without a token, agency keys and clinician tokens never cross,
 * and no clinician can read or change another's objects through any id, path or guid.
 */

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildSecurityApp();
  w = { t, a: await person(t), b: await person(t) };
}, 120_000);
afterAll(async () => t?.close());

const clinicianRoutes = () => apiRoutes(t).filter((r) => !isAgencyRoute(r) && !PUBLIC[publicKey(r)]);

/** Everything a clinician can read about themselves without naming an id: their whole account as the API shows it. */
async function snapshotOf(who: World['a']): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const r of clinicianRoutes()) {
    if (r.method !== 'GET' || r.url.includes(':') || r.schema?.querystring || r.url.endsWith('*')) continue;
    const res = await t.app.inject({ method: 'GET', url: r.url, headers: who.headers });
    out[r.url] = `${res.statusCode} ${res.body}`;
  }
  return out;
}

describe('the route tables', () => {
  it('name only routes that exist, and every clinician route is guarded by the clinician token', () => {
    const keys = new Set([...apiRoutes(t).map(routeKey), ...apiRoutes(t).map(publicKey)]);
    for (const k of [...Object.keys(PUBLIC), ...Object.keys(OWNED), ...Object.keys(EXAMPLES)])
      expect(keys.has(k), `${k} is listed in test/security/endpoints.ts but is not a route`).toBe(true);
    for (const r of clinicianRoutes())
      expect(requiresClinician(t, r), `${routeKey(r)} is neither public (PUBLIC) nor guarded by requireAuth`).toBe(
        true,
      );
    // Sanity: the enumeration sees the whole API, agency included.
    expect(clinicianRoutes().length).toBeGreaterThan(60);
    expect(apiRoutes(t).filter(isAgencyRoute).length).toBeGreaterThan(5);
  });
});

describe('development endpoints', () => {
  it('are not even registered unless DEV_OUTBOX is on (a public deployment has none)', async () => {
    const prod = await buildSecurityApp({ jobs: 0, env: { DEV_OUTBOX: 'false' } });
    try {
      expect(prod.routes.filter((r) => /\/dev\//i.test(r.url)).map(routeKey)).toEqual([]);
      expect((await prod.app.inject({ method: 'GET', url: '/core/api/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
    expect(t.routes.some((r) => r.url === '/core/api/dev/outbox')).toBe(true);
  });

  it('answer only a request made on this machine straight to the server with the dev secret: not from outside, not through a proxy, not without the key', async () => {
    const dev = t.routes.filter((r) => /\/dev\//i.test(r.url));
    expect(dev.length).toBeGreaterThanOrEqual(4);
    for (const r of dev) {
      const method = (Array.isArray(r.method) ? r.method[0] : r.method) as 'GET' | 'POST';
      const payload = method === 'POST' ? {} : undefined;
      const fromOutside = await t.app.inject({
        method,
        url: r.url,
        remoteAddress: '203.0.113.9',
        headers: devHeaders,
        payload,
      });
      const proxied = await t.app.inject({
        method,
        url: r.url,
        headers: { ...devHeaders, 'x-forwarded-for': '203.0.113.9' },
        payload,
      });
      // A stock same-host proxy (nginx's default) sends no forwarding header: only the key tells its requests apart.
      const unkeyed = await t.app.inject({ method, url: r.url, payload });
      const wrongKey = await t.app.inject({
        method,
        url: r.url,
        headers: { 'x-dev-secret': `${devHeaders['x-dev-secret']}x` },
        payload,
      });
      expect(
        [fromOutside, proxied, unkeyed, wrongKey].map((res) => res.statusCode),
        routeKey(r),
      ).toEqual([404, 404, 404, 404]);
    }
    const before = await t.app.inject({ method: 'GET', url: '/core/api/dev/outbox', headers: devHeaders });
    expect(before.statusCode).toBe(200);
    const key = await t.app.inject({
      method: 'POST',
      url: '/core/api/dev/agency/keys',
      headers: { ...devHeaders, forwarded: 'for=203.0.113.9' },
      payload: { name: 'x', scopes: ['write'] },
    });
    expect(key.statusCode).toBe(404);
  });
});

describe('authentication on every route', () => {
  it('every clinician route answers 401 without a token, with a hub token and with an agency key', async () => {
    const key = await agencyKey(t, ['read', 'write']);
    const hub = (
      await t.app.inject({
        method: 'POST',
        url: '/api/home/login/website',
        payload: { userName: w.a.email, password: 'Correct-Horse-42' },
      })
    ).json().authToken as string;
    const failures: string[] = [];
    for (const r of clinicianRoutes()) {
      const parts = await validParts(w, r);
      if (!parts) {
        failures.push(`${routeKey(r)}: no valid example request; add one to EXAMPLES in test/security/endpoints.ts`);
        continue;
      }
      for (const [label, headers] of [
        ['no token', {}],
        ['hub token', auth(hub)],
        ['agency key', auth(key)],
        ['agency key as X-Api-Key', { 'x-api-key': key }],
      ] as const) {
        const res = await t.app.inject(injectOf(r, parts, headers));
        if (res.statusCode !== 401) failures.push(`${routeKey(r)} with ${label}: ${res.statusCode}`);
        else expect(res.json()).toMatchObject({ status: 401, code: 'unauthorized' });
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('every agency route answers 401 to a clinician token and to no key', async () => {
    const failures: string[] = [];
    for (const r of apiRoutes(t).filter(isAgencyRoute)) {
      const parts = exampleParts(r);
      for (const [label, headers] of [
        ['no key', {}],
        ['clinician token', w.a.headers],
        ['clinician token as X-Api-Key', { 'x-api-key': w.a.token }],
      ] as const) {
        const res = await t.app.inject(injectOf(r, parts, headers));
        if (res.statusCode !== 401) failures.push(`${routeKey(r)} with ${label}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("one clinician never reaches another's objects", () => {
  it('every clinician route that takes an id, a path or a guid has an entry in OWNED', () => {
    const missing = apiRoutes(t)
      .filter((r) => !isAgencyRoute(r) && idFields(r).length > 0 && !OWNED[routeKey(r)])
      .map((r) => `${routeKey(r)} (fields: ${idFields(r).join(', ')})`);
    expect(missing, 'add these routes to OWNED in test/security/endpoints.ts').toEqual([]);
  });

  const cases: [string, OwnedCase][] = Object.entries(OWNED).flatMap(([key, entry]) =>
    Array.isArray(entry) ? entry.map((c) => [key, c] as [string, OwnedCase]) : [],
  );

  it.each(cases)(
    '%s: %s',
    async (key, c) => {
      const route = apiRoutes(t).find((r) => routeKey(r) === key)!;
      expect(route, `${key} is not a route`).toBeDefined();
      const { a: victim, b: attacker } = w;

      // The attack: the other clinician addresses the victim's object.
      const attack = await c.parts(w, victim, attacker);
      const victimBefore = await snapshotOf(victim);
      const before = await tableDigests(t);
      const res = await t.app.inject(injectOf(route, attack, attacker.headers));
      expect(res.statusCode, res.body).toBe(c.other ?? 404);
      expect(res.body).not.toContain(victim.email);
      expect(changedTables(before, await tableDigests(t))).toEqual([]);
      expect(await snapshotOf(victim)).toEqual(victimBefore);

      // The control: the same request for the caller's own object works, so the 404 above was the ownership check.
      const own = await c.parts(w, attacker, attacker);
      const ok = await t.app.inject(injectOf(route, own, attacker.headers));
      expect(ok.statusCode, ok.body).toBe(c.own ?? 200);
    },
    60_000,
  );
});

describe('safe methods and mass assignment', () => {
  it('every GET of the API is safe: sweeping them all changes no table', async () => {
    const key = await agencyKey(t, ['read', 'write']);
    await t.app.inject({ method: 'GET', url: '/core/api/agency/events', headers: auth(key) }); // stamps last_used_at once
    const gets = apiRoutes(t).filter((r) => r.method === 'GET' && !r.url.endsWith('*'));
    const requests = [];
    for (const r of gets) requests.push({ r, parts: (await validParts(w, r)) ?? exampleParts(r) });
    const before = await tableDigests(t);
    for (const { r, parts } of requests) {
      const res = await t.app.inject(injectOf(r, parts, isAgencyRoute(r) ? auth(key) : w.a.headers));
      expect(res.statusCode, `${routeKey(r)} ${res.body.slice(0, 200)}`).toBeLessThan(400);
    }
    expect(changedTables(before, await tableDigests(t))).toEqual([]);
  }, 120_000);

  it('privileged fields added to every clinician body are ignored (no mass assignment)', async () => {
    const c = await person(t);
    const { a: victim } = w;
    const privileged = {
      userId: victim.userId,
      user_id: victim.userId,
      UserId: victim.userId,
      verified: true,
      isVerified: true,
      applicationComplete: true,
      eligibleForSubmission: true,
      status: 'signed',
      stage: 'working',
      isLocked: false,
      passwordHash: 'x',
      email: 'attacker@example.com',
      EmailAddress: 'attacker@example.com',
    };
    const add = (body: unknown): unknown =>
      Array.isArray(body)
        ? body.map(add)
        : body && typeof body === 'object'
          ? { ...privileged, ...(body as object) }
          : body;
    const victimBefore = await snapshotOf(victim);
    const userBefore = (
      await rowsOf<Record<string, unknown>>(
        t,
        sql`select email, password_hash, application_complete, eligible_for_submission from users where id = ${c.userId}`,
      )
    )[0];
    let sent = 0;
    for (const r of clinicianRoutes()) {
      if (!['POST', 'PUT', 'DELETE'].includes(r.method) || r.url.includes('/dev/') || r.url.endsWith('/Logout'))
        continue;
      const parts = await validParts(w, r, c);
      if (!parts || parts.body === undefined || typeof parts.body !== 'object' || parts.body === null) continue;
      await t.app.inject(injectOf(r, { ...parts, body: add(parts.body) }, c.headers));
      sent++;
    }
    expect(sent).toBeGreaterThan(15);
    const userAfter = (
      await rowsOf<Record<string, unknown>>(
        t,
        sql`select email, password_hash, application_complete, eligible_for_submission from users where id = ${c.userId}`,
      )
    )[0];
    expect(userAfter).toEqual(userBefore);
    const verified = await rowsOf<{ n: number }>(
      t,
      sql`select (select count(*) from hcp_degrees where user_id = ${c.userId} and verified)
        + (select count(*) from employment_histories where user_id = ${c.userId} and is_verified)
        + (select count(*) from hcp_certifications where user_id = ${c.userId} and verified) as n`,
    );
    expect(Number(verified[0]!.n)).toBe(0);
    expect(await snapshotOf(victim)).toEqual(victimBefore);
  }, 120_000);
});

describe('the refusals above', () => {
  it("carry only codes their endpoint's definition lists for their status", () => {
    expect([...new Set(t.undeclaredRefusals)].sort()).toEqual([]);
  });
});
