import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { professions } from '../modules/reference-data/data/professions.ts';
import { sql } from 'drizzle-orm';
import { buildApp, type BuiltApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { markApplicationComplete } from '../modules/identity/index.ts';
import { seedReference } from '../db/seed/index.ts';
import { loadEnv } from '../env.ts';
import { loadSecrets } from '../lib/secrets.ts';
import { recentMail } from '../modules/platform/mail/repository.ts';
import { recordEvent } from '../modules/platform/events/service.ts';
import { SmtpSink } from '../../test/smtp-sink.ts';
import { pickJobs } from '../modules/placements/pipeline/placements.ts';
import { runCli } from './cli.ts';
import { feedFromCsv, parseCsv } from './csv.ts';
import { terminalText } from '../lib/safe-text.ts';

let dir: string;
const prof = professions.find((p) => p.specialtyIds.length > 0)!;
const pair = { professionId: prof.id, specialtyId: prof.specialtyIds[0]! };

/** Row count and md5 of the rows of every table of the embedded database in `dir`. */
async function digestOfEveryTable(): Promise<Record<string, string>> {
  const database = await openDatabase({ pgliteDir: path.join(dir, 'pgdata') });
  try {
    const tables = (
      (await database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )) as unknown as { rows: { table_name: string }[] }
    ).rows;
    const out: Record<string, string> = {};
    for (const { table_name } of tables) {
      const r = (await database.db.execute(
        sql.raw(
          `select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${table_name}" x`,
        ),
      )) as unknown as { rows: { n: number; h: string }[] };
      out[table_name] = `${r.rows[0]!.n}:${r.rows[0]!.h}`;
    }
    return out;
  } finally {
    await database.close();
  }
}

async function ops(...argv: string[]) {
  return opsWith({}, ...argv);
}

async function opsWith(env: Record<string, string>, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: { DATA_DIR: dir, LOG_LEVEL: 'silent', ...env },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function job(i: number, extra: Record<string, unknown> = {}) {
  return {
    externalId: `CLI-${i}`,
    facilityExternalId: 'CLI-FAC',
    ...pair,
    shift: '3x12',
    shiftCategory: 1,
    durationWeeks: 13,
    startDate: '2027-03-01',
    hourlyRate: 30,
    regularPayPerWeek: 1080,
    ...extra,
  };
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hcp-ops-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ops CLI', () => {
  it('explains itself and refuses bad input with a non-zero exit', async () => {
    expect((await ops('--help')).out).toContain('keys:create');
    expect((await ops()).code).toBe(2);
    const unknown = await ops('nope');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("Unknown command 'nope'");
    for (const c of [
      'keys:create',
      'keys:revoke',
      'jobs:import',
      'webhooks:add',
      'db:backup',
      'db:restore',
      'deliveries:replay',
      'sessions:revoke',
      'outbox:list',
      'outbox:retry',
      'outbox:run',
    ]) {
      const h = await ops(c, '--help');
      expect(h.code).toBe(0);
      expect(h.out).toContain(`Usage: npm run ops -- ${c}`);
    }
    expect((await ops('keys:create', '--name', 'x', '--bogus')).code).toBe(2);
  });

  it('creates, lists and revokes API keys', async () => {
    const created = await ops('keys:create', '--name', 'ATS', '--scopes', 'read,write');
    expect(created.code).toBe(0);
    const key = /agk_[a-f0-9]{12}_[a-f0-9]{64}/.exec(created.out)![0];
    const id = key.split('_')[1]!;
    expect((await ops('keys:list')).out).toMatch(new RegExp(`${id}\\s+ATS\\s+scopes=read,write.*active`));
    expect((await ops('keys:list')).out).not.toContain(key);
    const bad = await ops('keys:create', '--name', 'x', '--scopes', 'admin');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("Unknown scope 'admin'");
    expect((await ops('keys:create', '--scopes', 'read')).code).toBe(2);
    expect((await ops('keys:revoke', id)).code).toBe(0);
    expect((await ops('keys:list')).out).toContain('REVOKED');
    expect((await ops('keys:revoke', id)).code).toBe(1);
    expect((await ops('keys:revoke', '../etc')).code).toBe(2);
  }, 60_000);

  it('imports JSON and CSV feeds with a summary, --sync archives absent jobs', async () => {
    const jsonFile = path.join(dir, 'feed.json');
    writeFileSync(
      jsonFile,
      JSON.stringify({
        facilities: [{ externalId: 'CLI-FAC', name: 'CLI Hospital', city: 'Austin', state: 'TX' }],
        jobs: [job(1), job(2), job(3, { shift: 'bad' })],
      }),
    );
    const first = await ops('jobs:import', jsonFile);
    expect(first.code).toBe(3);
    expect(first.out).toContain('Jobs: 2 inserted, 0 updated, 0 unchanged, 0 archived, 1 rejected');
    expect(first.err).toContain('jobs row 3 (CLI-3): shift:');
    const csvFile = path.join(dir, 'feed.csv');
    const cols = [
      'externalId',
      'facilityExternalId',
      'professionId',
      'specialtyId',
      'shift',
      'shiftCategory',
      'durationWeeks',
      'startDate',
      'hourlyRate',
      'regularPayPerWeek',
      'benefits',
      'bonuses',
      'facility.name',
      'facility.city',
      'facility.state',
    ];
    const row = (i: number, rate: number) =>
      [
        `CLI-${i}`,
        'CLI-FAC',
        pair.professionId,
        pair.specialtyId,
        '3x12',
        1,
        13,
        '2027-03-01',
        rate,
        1080,
        'Medical|Dental',
        'Weekly Taxable Travel Bonus:50',
        '"CLI Hospital, Main"',
        'Austin',
        'TX',
      ].join(',');
    writeFileSync(csvFile, [cols.join(','), row(1, 31), row(4, 30)].join('\r\n') + '\r\n');
    const synced = await ops('jobs:import', csvFile, '--sync');
    expect(synced.code).toBe(0);
    expect(synced.out).toContain('Facilities: 0 inserted, 1 updated');
    expect(synced.out).toContain('Jobs: 1 inserted, 1 updated, 0 unchanged, 1 archived, 0 rejected');
    const again = await ops('jobs:import', csvFile, '--sync');
    expect(again.out).toContain('Jobs: 0 inserted, 0 updated, 2 unchanged, 0 archived, 0 rejected');
    // A sync that would empty the board is refused and changes nothing.
    writeFileSync(path.join(dir, 'empty.json'), JSON.stringify({ jobs: [] }));
    const empty = await ops('jobs:import', path.join(dir, 'empty.json'), '--sync');
    expect(empty.code).toBe(1);
    expect(empty.err).toContain('a feed without jobs would archive them all');
    writeFileSync(path.join(dir, 'refused.json'), JSON.stringify({ jobs: [null, job(7, { shift: 'nights' })] }));
    const refused = await ops('jobs:import', path.join(dir, 'refused.json'), '--sync');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('jobs row 2 (CLI-7): shift:');
    expect((await ops('jobs:import', csvFile, '--sync')).out).toContain('0 archived');
    expect((await ops('jobs:import', csvFile, '--confirm-archive')).code).toBe(2);
    expect((await ops('jobs:import', path.join(dir, 'missing.json'))).code).toBe(2);
    writeFileSync(path.join(dir, 'broken.json'), '{not json');
    const broken = await ops('jobs:import', path.join(dir, 'broken.json'));
    expect(broken.code).toBe(2);
    expect(broken.err).toContain('Cannot read');
    writeFileSync(path.join(dir, 'feed.txt'), 'x');
    expect((await ops('jobs:import', path.join(dir, 'feed.txt'))).code).toBe(2);
  }, 60_000);

  it('registers webhooks and lists deliveries', async () => {
    const add = await ops(
      'webhooks:add',
      'https://ats.example.com/hooks',
      '--events',
      'referral.made,document.uploaded',
    );
    expect(add.code).toBe(0);
    expect(add.out).toMatch(/whsec_[a-f0-9]{48}/);
    expect((await ops('webhooks:list')).out).toContain(
      'https://ats.example.com/hooks  active  events=referral.made,document.uploaded',
    );
    expect((await ops('webhooks:add', 'ftp://x')).code).toBe(2);
    // Events carry personal data: plain http only to this machine.
    const plain = await ops('webhooks:add', 'http://ats.example.com/hooks');
    expect(plain.code).toBe(2);
    expect(plain.err).toContain('must use https');
    expect((await ops('webhooks:add', 'https://x.example', '--events', 'nope')).code).toBe(2);
    expect((await ops('deliveries:failed')).out).toContain('No failed deliveries.');
    expect((await ops('deliveries:replay')).code).toBe(2);
  }, 60_000);

  it('ends every session of one clinician, or of every clinician', async () => {
    const open = async () => {
      const database = await openDatabase({ pgliteDir: path.join(dir, 'pgdata') });
      const built = await buildApp({
        env: loadEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent', RATE_LIMIT_SCALE: '100' }),
        database,
        secrets: loadSecrets(dir, {}),
        logger: false,
      });
      await seedReference(built.ctx);
      return { app: built.app, close: async () => (await built.app.close(), await database.close()) };
    };
    const userInfo = (app: Awaited<ReturnType<typeof open>>['app'], token: string) =>
      app
        .inject({ method: 'GET', url: '/core/api/HcpApiUser/userInfo', headers: { authorization: `Bearer ${token}` } })
        .then((r) => r.statusCode);
    let s = await open();
    const tokens: string[] = [];
    for (const email of ['Revoke.Me@example.com', 'keep.me@example.com']) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/core/api/auth/HcpSignUp',
        payload: {
          EmailAddress: email,
          PhoneNumber: '5125550100',
          FirstName: 'Ses',
          LastName: 'Sion',
          ProfessionId: 13,
          WebPassword: 'Session-Ends-Now-7',
        },
      });
      tokens.push(res.body);
    }
    await s.close();
    const one = await ops('sessions:revoke', 'revoke.me@EXAMPLE.com');
    expect(one.code, one.err + tokens.join(' ')).toBe(0);
    expect(one.out).toContain('Revoked 1 sessions of revoke.me@EXAMPLE.com');
    s = await open();
    expect(await userInfo(s.app, tokens[0]!)).toBe(401);
    expect(await userInfo(s.app, tokens[1]!)).toBe(200);
    await s.close();
    expect((await ops('sessions:revoke', '--all')).code).toBe(0);
    s = await open();
    expect(await userInfo(s.app, tokens[1]!)).toBe(401);
    await s.close();
    expect((await ops('sessions:revoke', 'nobody@example.com')).code).toBe(1);
    expect((await ops('sessions:revoke')).code).toBe(2);
  }, 60_000);

  it('backs up and restores the embedded database, refusing while a server holds it', async () => {
    const backup = path.join(dir, 'backup.tar.gz');
    await ops('keys:create', '--name', 'Before backup', '--scopes', 'read');
    const before = await digestOfEveryTable();
    expect(Object.keys(before).length).toBeGreaterThan(30);
    // `backup` and `restore` are the short names of db:backup and db:restore.
    expect((await ops('backup', backup)).code).toBe(0);
    await ops('keys:create', '--name', 'After backup', '--scopes', 'read');
    await ops('webhooks:add', 'https://after.example.com/hooks');
    expect(await digestOfEveryTable()).not.toEqual(before);
    expect((await ops('db:restore', backup)).code).toBe(2);
    const restored = await ops('restore', backup, '--yes');
    expect(restored.code).toBe(0);
    // Every row of every table is back exactly as it was, and nothing written after the backup.
    expect(await digestOfEveryTable()).toEqual(before);
    expect((await ops('keys:list')).out).toContain('Before backup');
    expect((await ops('keys:list')).out).not.toContain('After backup');
    expect(readdirSync(dir).some((f) => f.startsWith('pgdata.before-restore-'))).toBe(true);
    writeFileSync(path.join(dir, 'fake.tar.gz'), 'not a backup');
    expect((await ops('db:restore', path.join(dir, 'fake.tar.gz'), '--yes')).code).toBe(2);
    // A live server process holds the data dir: every database command refuses.
    writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    const refused = await ops('db:backup', path.join(dir, 'b2.tar.gz'));
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('stop it first');
    expect((await ops('keys:list')).code).toBe(2);
    rmSync(path.join(dir, 'server.lock'));
  }, 120_000);
});

/** Opens the CLI's embedded database as the server would (between commands), for setting up and checking. */
async function withApp<T>(run: (app: BuiltApp['app'], ctx: BuiltApp['ctx']) => Promise<T>): Promise<T> {
  const env = loadEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const database = await openDatabase({ pgliteDir: path.join(dir, 'pgdata') });
  const built = await buildApp({ env, database, secrets: loadSecrets(dir, env), webDist: null, logger: false });
  try {
    await seedReference(built.ctx);
    return await run(built.app, built.ctx);
  } finally {
    await built.drain();
    await built.app.close();
    await database.close();
  }
}

describe('ops CLI: the pipeline', () => {
  it('moves a submission from offer to a finished assignment and prints the clinician', async () => {
    const who = { email: `cli.nurse.${Date.now()}@example.com`, password: 'Tidal-Orchard-8841' };
    // A job of the clinician's profession arrives through the feed import.
    const rn = professions.find((x) => x.id === 13)!;
    const feedFile = path.join(dir, 'rn-feed.json');
    writeFileSync(
      feedFile,
      JSON.stringify({
        facilities: [{ externalId: 'CLI-RN-FAC', name: 'Ops General', city: 'Austin', state: 'TX' }],
        jobs: [
          job(900, {
            facilityExternalId: 'CLI-RN-FAC',
            professionId: 13,
            specialtyId: rn.specialtyIds[0],
            externalId: 'CLI-RN-1',
          }),
        ],
      }),
    );
    expect((await ops('jobs:import', feedFile)).code).toBe(0);
    const { submissionId, token } = await withApp(async (app, ctx) => {
      const up = await app.inject({
        method: 'POST',
        url: '/core/api/auth/HcpSignUp',
        // Terminal escapes in the clinician's own text (a colour, a window title, a clear screen) reach the operator's screen as nothing.
        payload: {
          EmailAddress: who.email,
          PhoneNumber: '5125550100',
          FirstName: 'Cleo\u001b[8m',
          LastName: 'Ops\u001b]0;root@prod\u0007',
          ProfessionId: 13,
          WebPassword: who.password,
        },
      });
      expect(up.statusCode, up.body).toBe(200);
      const token = up.body;
      const info = await ctx.tokens.verify(token);
      await markApplicationComplete(ctx.db, info!.userId);
      const ssn = await app.inject({
        method: 'POST',
        url: '/core/api/HcpIdentification/saveHcpIdentification',
        headers: { authorization: `Bearer ${token}` },
        payload: { SocialSecurityNumber: '987654321', DateOfBirth: '1988-04-02' },
      });
      expect(ssn.statusCode).toBe(200);
      const [jobId] = await pickJobs(ctx.db, info!.userId, 13, 1);
      const desired = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
      const applied = await app.inject({
        method: 'POST',
        url: '/core/api/HcpJobApplication/startJobApplication',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          jobId,
          isInterested: true,
          desiredStartDate: desired,
          bestContactTime: 'Evenings\u001b[2J\u009b3J',
          otherRequests: 'Parking\r\n  offer 1 for submission 1: accepted\u202e',
          requestedTimeOff: [],
        },
      });
      expect(applied.statusCode).toBe(200);
      const subs = await app.inject({
        method: 'GET',
        url: '/core/api/HcpSubmittedJob/submittedJobs',
        headers: { authorization: `Bearer ${token}` },
      });
      return { submissionId: subs.json()[0].submissionId as number, token };
    });

    // Help and bad input.
    for (const c of [
      'pipeline:offer',
      'pipeline:contract',
      'pipeline:send',
      'pipeline:onboarding-complete',
      'pipeline:start',
      'pipeline:end',
      'pipeline:close',
      'pipeline:cancel',
      'pay-periods:create',
      'clinician:show',
    ]) {
      const h = await ops(c, '--help');
      expect(h.code, c).toBe(0);
      expect(h.out).toContain(`Usage: npm run ops -- ${c}`);
      expect((await ops('--help')).out).toContain(c);
    }
    expect((await ops('pipeline:offer')).code).toBe(2);
    expect((await ops('pipeline:offer', 'abc')).err).toContain('Give the submission id');
    const unknown = await ops('pipeline:offer', '99999999');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('Refused (not_found)');
    const early = await ops('pipeline:contract', String(submissionId));
    expect(early.code).toBe(1);
    expect(early.err).toContain('Refused (offer_required)');

    // Offer, contract, send.
    const offered = await ops('pipeline:offer', String(submissionId));
    expect(offered.code).toBe(0);
    expect(offered.out).toMatch(new RegExp(`Offer \\d+ extended for submission ${submissionId} \\(${who.email}`));
    expect((await ops('pipeline:offer', String(submissionId))).err).toContain('Refused (offer_exists)');
    expect((await ops('pipeline:contract', String(submissionId), '--hourly-rate', 'lots')).err).toContain(
      '--hourly-rate must be a number',
    );
    const badDate = await ops('pipeline:contract', String(submissionId), '--start-date', '2027-02-30');
    expect(badDate.code).toBe(2);
    expect(badDate.err).toContain('startDate');
    expect((await ops('pipeline:contract', String(submissionId), '--shift', 'long')).code).toBe(2);
    expect((await ops('pipeline:contract', String(submissionId), '--wage', '5')).code).toBe(2);
    const drawn = await ops(
      'pipeline:contract',
      String(submissionId),
      '--hourly-rate',
      '58.25',
      '--gross-weekly-pay',
      '2600',
      '--unit',
      '4 West',
    );
    expect(drawn.code).toBe(0);
    expect(drawn.out).toMatch(
      /^Contract C\d{10} \(id \d+\): draft, stage offer, .*\$58\.25\/hour, \$2,600\.00\/week, unit 4 West$/,
    );
    const contractId = /\(id (\d+)\)/.exec(drawn.out)![1]!;
    const notSigned = await ops('pipeline:start', contractId);
    expect(notSigned.code).toBe(1);
    expect(notSigned.err).toContain('Refused (contract_not_signed)');
    expect((await ops('pipeline:send', contractId)).out).toContain('): sent, stage offer');

    // The clinician signs in the portal; the operator finishes the placement.
    await withApp(async (app, ctx) => {
      const res = await app.inject({
        method: 'POST',
        url: `/core/api/Document/eSignDocument?contractId=${contractId}&documentMasterId=54`,
        headers: { authorization: `Bearer ${token}` },
        payload: {},
      });
      expect(res.statusCode).toBe(200);
      const kinds = (await recentMail(ctx.db, who.email, 50)).map((m) => m.kind);
      expect(kinds).toEqual(expect.arrayContaining(['offer-received', 'contract-ready']));
    });
    expect((await ops('pipeline:onboarding-complete', contractId)).code).toBe(0);
    expect((await ops('pipeline:start', contractId)).out).toContain('signed, stage working');
    const periods = await ops('pay-periods:create', contractId);
    expect(periods.code).toBe(0);
    expect(periods.out).toMatch(/^Created \d+ pay periods for contract \d+\./);
    expect((await ops('pay-periods:create', contractId, '--from', '2027-13-01')).code).toBe(2);

    const shown = await ops('clinician:show', who.email.toUpperCase());
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(`Cleo Ops <${who.email}>`);
    expect(shown.out).toContain('SSN on file: yes');
    expect(shown.out).not.toContain('987654321');
    expect(shown.out).toMatch(new RegExp(`\\n  ${submissionId}  offered`));
    expect(shown.out).toContain('contact Evenings; other: Parking offer 1 for submission 1: accepted');
    expect(shown.out).not.toMatch(/(?![\n\t])\p{Cc}|\u202e/u);
    expect(shown.out).not.toContain('root@prod');
    expect(shown.out).toMatch(/offer \d+ for submission \d+: accepted/);
    expect(shown.out).toMatch(/Contract C\d+ \(id \d+\): signed, stage working/);
    expect(shown.out).toMatch(/pay period \d+ {2}\d{4}-\d{2}-\d{2} - \d{4}-\d{2}-\d{2} {2}open/);
    expect((await ops('clinician:show', 'nobody@example.com')).code).toBe(1);
    expect((await ops('clinician:show')).code).toBe(2);

    expect((await ops('pipeline:end', contractId, '--end-date', 'soon')).code).toBe(2);
    expect((await ops('pipeline:end', contractId)).out).toContain('signed, stage completed');
    expect((await ops('pipeline:end', contractId)).err).toContain('Refused (assignment_completed)');
    expect((await ops('pipeline:close', String(submissionId), '--status', 'maybe')).code).toBe(2);
  }, 180_000);
});

describe('CSV', () => {
  it('prints clinician text without terminal escapes or control characters', () => {
    const hostile = 'Eve\u001b[2J\u001b]0;owned\u0007\u009b31m\u202eorez\r\n  offer 1 for submission 1: accepted';
    const shown = terminalText(`Name: ${hostile}`);
    expect(shown).not.toMatch(/(?![\n\t])\p{Cc}|\u202e/u);
    expect(shown).toContain('Name: Eve');
    expect(shown).not.toContain('owned');
  });

  it('parses quotes, doubled quotes and newlines in fields', () => {
    expect(parseCsv('a,b\r\n"x, y","he said ""hi"""\n"multi\nline",2\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'he said "hi"'],
      ['multi\nline', '2'],
    ]);
    expect(() => parseCsv('"open')).toThrow();
  });
  it('builds a feed with facilities from facility.* columns', () => {
    const f = feedFromCsv(
      'externalId,facilityExternalId,hourlyRate,isAvailable,facility.name,facility.lat\nJ1,F1,25,false,Hosp,30.5\nJ2,F1,26,,Other,\n',
    );
    expect(f.jobs).toEqual([
      { externalId: 'J1', facilityExternalId: 'F1', hourlyRate: 25, isAvailable: false },
      { externalId: 'J2', facilityExternalId: 'F1', hourlyRate: 26 },
    ]);
    expect(f.facilities).toEqual([{ externalId: 'F1', name: 'Hosp', lat: 30.5 }]);
    expect(() => feedFromCsv('a,b\n1,2')).toThrow("no 'externalId'");
  });
});

describe('ops CLI: the outbox', () => {
  it('lists dead letters and failing deliveries of mails and webhook calls, and retries one or all', async () => {
    const sink = new SmtpSink();
    await sink.start();
    const smtp = { SMTP_URL: sink.url };
    try {
      // A receiver that is down (nothing listens on its port) and three mails whose mailbox the SMTP server refuses.
      const closed = createServer();
      await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
      const deadPort = (closed.address() as AddressInfo).port;
      closed.close();
      const hook = await ops('webhooks:add', `http://127.0.0.1:${deadPort}/hooks`, '--events', 'timesheet.submitted');
      expect(hook.code).toBe(0);
      const run = Date.now();
      const to = [0, 1, 2].map((i) => `ops.outbox.${run}.${i}@example.com`);
      await withApp(async (_app, ctx) => {
        for (const a of to)
          await ctx.mailer.queue({ to: a, subject: 'Your offer', text: 'Hello', kind: 'offer-received' });
        await ctx.db.transaction((tx) =>
          recordEvent(tx, { type: 'timesheet.submitted', userId: 77_001, payload: { timesheetId: 1 } }),
        );
      });
      sink.refuse = { code: 550, message: '5.1.1 <%s>: no such mailbox' };
      const first = await opsWith(smtp, 'outbox:run');
      expect(first.code).toBe(0);
      expect(first.out).toMatch(/Sent \d+, retrying [1-9]\d*, dead [3-9]\d*\./);

      const listed = await ops('outbox:list');
      expect(listed.code).toBe(0);
      expect(listed.out).toMatch(/^mail: pending=\d+ \(failing \d+\) dead=[3-9]\d* sent=\d+$/m);
      expect(listed.out).toMatch(/^webhook: pending=[1-9]\d* \(failing [1-9]\d*\) dead=\d+ sent=\d+$/m);
      const line = (a: string) => listed.out.split('\n').find((l) => l.includes(a))!;
      for (const a of to)
        expect(line(a)).toMatch(/^\d+ {2}dead {2}mail \d+ offer-received to \S+ {2}attempts=1 {2}last=550 /);
      expect(listed.out).not.toMatch(/no such mailbox.*@/); // the refusal quotes the address; the list does not
      expect(listed.out).toMatch(
        /^\d+ {2}pending {2}event=\d+ timesheet\.submitted {2}webhook=\d+ {2}attempts=1 {2}next=\S+ {2}last=- TypeError: fetch failed \(ECONNREFUSED\)$/m,
      );
      const deadOnly = await ops('outbox:list', '--status', 'dead', '--kind', 'mail');
      expect(deadOnly.out).not.toContain('timesheet.submitted');
      expect(deadOnly.out).toContain(to[0]);
      expect((await ops('outbox:list', '--status', 'lost')).code).toBe(2);
      expect((await ops('outbox:list', '--kind', 'fax')).code).toBe(2);

      // The mailbox exists now: one retried by id, then the rest with --all.
      sink.refuse = null;
      const idOf = (a: string) => Number(line(a).split('  ')[0]);
      const one = await ops('outbox:retry', String(idOf(to[0]!)));
      expect(one).toMatchObject({ code: 0, out: 'Queued 1 deliveries again.' });
      await opsWith(smtp, 'outbox:run');
      expect(to.map((a) => sink.to(a).length)).toEqual([1, 0, 0]);
      const all = await ops('outbox:retry', '--all', '--kind', 'mail');
      expect(all.code).toBe(0);
      expect(all.out).toMatch(/Queued [2-9]\d* deliveries again\./);
      await opsWith(smtp, 'outbox:run');
      await opsWith(smtp, 'outbox:run');
      expect(to.map((a) => sink.to(a).length)).toEqual([1, 1, 1]);
      // A sent mail is never sent again by a retry.
      const again = await ops('outbox:retry', String(idOf(to[0]!)));
      expect(again.code).toBe(1);
      expect(again.err).toContain(`Not queued (no such delivery, or already sent): ${idOf(to[0]!)}`);
      await opsWith(smtp, 'outbox:run');
      expect(sink.to(to[0]!)).toHaveLength(1);
      expect((await ops('outbox:retry')).code).toBe(2);
      expect((await ops('outbox:retry', '1', '--all')).code).toBe(2);
    } finally {
      await sink.stop();
    }
  }, 120_000);
});
