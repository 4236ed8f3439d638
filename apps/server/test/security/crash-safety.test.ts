import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { devHeaders, TEST_DEV_SECRET } from '../build.ts';
import { pdfBytes } from '../dropbox-factories.ts';
import { startPostgresServer, type PostgresServer } from '../postgres-server.ts';
import { startServer, type ServerProcess } from '../spawn-server.ts';

/**
 * Crash safety (ASVS V15.4, V16.5): a stream of acknowledged writes (shift saves, contract signatures,
 * uploads and their attachment) runs against a real server process, which is killed with SIGKILL in
 * the middle of it. After a restart every acknowledged write is there, and no record is half written:
 * no signed contract without its audit row, event and signed PDF; no upload row without its file.
 */

const cleanups: (() => void | Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

interface Clinician {
  token: string;
  openPeriod: { id: number; startDate: string };
  signable: number[];
}

interface Acknowledged {
  shifts: { token: string; timesheetId: number; shiftId: number; startTime: string }[];
  signatures: { token: string; contractId: number }[];
  uploads: { token: string; filePath: string }[];
  attached: { token: string; id: number; filePath: string }[];
}

async function json(base: string, token: string | null, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}/core/api/${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(url.startsWith('dev/') ? devHeaders : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

async function clinician(base: string, i: number): Promise<Clinician> {
  const signUp = await json(base, null, 'POST', 'auth/HcpSignUp', {
    EmailAddress: `crash${i}.${Date.now()}@example.com`,
    PhoneNumber: '5125550100',
    FirstName: 'Crash',
    LastName: `Test${i}`,
    ProfessionId: 13,
    WebPassword: 'Crash-Test-Pass-42',
  });
  expect(signUp.status).toBe(200);
  const token = signUp.text;
  expect((await json(base, token, 'POST', 'dev/pipeline/demoPlacements', {})).status).toBe(200);
  const list = (await json(base, token, 'GET', 'Timesheets/getList')).json() as {
    timesheets: { timesheetId: number; startDate: string; isLocked: boolean; submittedDate: string | null }[];
  }[];
  const open = list.flatMap((c) => c.timesheets).find((p) => !p.isLocked && !p.submittedDate)!;
  const docs = (await json(base, token, 'GET', 'DocumentsAndSignatures/getDocumentsAndSignatures')).json() as {
    signableDocuments: { contractId: number }[];
  };
  return {
    token,
    openPeriod: { id: open.timesheetId, startDate: open.startDate },
    signable: docs.signableDocuments.map((d) => d.contractId),
  };
}

const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');

/** Runs the write stream until `stop` resolves; records only writes the server acknowledged. */
function writeStream(base: string, people: Clinician[], ack: Acknowledged) {
  let running = true;
  const pdf = pdfBytes('crash').toString('base64');
  const loops: Promise<void>[] = [];
  // Shifts: one-hour entries on the free days of the open period (days 2, 4, 5 and 6 of the week).
  loops.push(
    (async () => {
      for (let slot = 0; running && slot < 96; slot++) {
        for (const p of people) {
          if (!running) break;
          const day = addDays(p.openPeriod.startDate, [2, 4, 5, 6][slot % 4]!);
          const hour = Math.floor(slot / 4);
          const startTime = `${day}T${pad(hour)}:00:00`;
          const body = {
            shiftId: null,
            shiftDate: `${day}T00:00:00`,
            shiftTypeId: 1,
            startTime,
            endTime: `${day}T${pad(hour)}:45:00`,
            lunch: 0,
            timesheetId: p.openPeriod.id,
            unit: 'ICU',
          };
          const r = await json(base, p.token, 'POST', 'Timesheets/createShift', body).catch(() => null);
          if (r?.status === 200)
            ack.shifts.push({ token: p.token, timesheetId: p.openPeriod.id, shiftId: r.json().shiftId, startTime });
        }
      }
    })(),
  );
  // Signatures: every signable contract of every clinician.
  loops.push(
    (async () => {
      for (const p of people)
        for (const contractId of p.signable) {
          if (!running) return;
          const r = await json(
            base,
            p.token,
            'POST',
            `Document/eSignDocument?contractId=${contractId}&documentMasterId=54`,
            {},
          ).catch(() => null);
          if (r?.status === 200) ack.signatures.push({ token: p.token, contractId });
        }
    })(),
  );
  // Uploads, each attached to the dropbox.
  loops.push(
    (async () => {
      for (let n = 0; running; n++) {
        const p = people[n % people.length]!;
        const up = await json(base, p.token, 'POST', 'Document/uploadDocument', { file: pdf, fileType: 'pdf' }).catch(
          () => null,
        );
        if (up?.status !== 200) continue;
        const filePath = up.json().filePath as string;
        ack.uploads.push({ token: p.token, filePath });
        const at = await json(base, p.token, 'POST', 'HcpCredentialsDropbox/attachDocument', {
          filepath: filePath,
          documentTitle: `Doc ${n}`,
        }).catch(() => null);
        if (at?.status === 200) ack.attached.push({ token: p.token, id: at.json().hcpDropBoxId, filePath });
      }
    })(),
  );
  return {
    total: () => ack.shifts.length + ack.signatures.length + ack.uploads.length + ack.attached.length,
    stop: async () => {
      running = false;
      await Promise.allSettled(loops);
    },
  };
}

async function verifyAcknowledged(base: string, ack: Acknowledged) {
  for (const s of ack.shifts) {
    const list = (await json(base, s.token, 'GET', `Timesheets/getShiftList/${s.timesheetId}`)).json() as {
      shiftId: number;
      startTime: string;
    }[];
    expect(list.find((x) => x.shiftId === s.shiftId)?.startTime, `shift ${s.shiftId}`).toBe(s.startTime);
  }
  for (const s of ack.signatures) {
    const doc = await fetch(
      `${base}/core/api/Contract/getSignedContractDocument?contractId=${s.contractId}&documentMasterId=54`,
      { headers: { authorization: `Bearer ${s.token}` } },
    );
    expect(doc.status, `signed contract ${s.contractId}`).toBe(200);
    expect(
      Buffer.from(await doc.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }
  for (const a of ack.attached) {
    const items = (await json(base, a.token, 'GET', 'HcpCredentialsDropbox/getUploadedDropboxDocuments')).json() as {
      dropboxItems: { hcpDropBoxId: number }[];
    };
    expect(
      items.dropboxItems.map((i) => i.hcpDropBoxId),
      `dropbox document ${a.id}`,
    ).toContain(a.id);
    const file = await fetch(
      `${base}/core/api/Document/getDocumentAttachment?filePath=${encodeURIComponent(a.filePath)}`,
      { headers: { authorization: `Bearer ${a.token}` } },
    );
    expect(file.status).toBe(200);
  }
}

type Rows = <T>(query: ReturnType<typeof sql>) => Promise<T[]>;

/** No half-written records, whatever was in flight when the process died. */
async function verifyIntegrity(rows: Rows, filesDir: string, ack: Acknowledged) {
  const signedWithoutAudit = await rows(
    sql`select c.id from contracts c left join signature_audit a on a.contract_id = c.id where c.status = 'signed' and a.id is null`,
  );
  expect(signedWithoutAudit).toEqual([]);
  const auditWithoutSigned = await rows(
    sql`select a.id from signature_audit a join contracts c on c.id = a.contract_id where c.status <> 'signed'`,
  );
  expect(auditWithoutSigned).toEqual([]);
  const signedWithoutEvent = await rows(
    sql`select c.id from contracts c where c.status = 'signed' and c.signed_at > now() - interval '1 hour' and not exists (select 1 from event_outbox e where e.type = 'contract.signed' and (e.payload->>'contractId')::int = c.id)`,
  );
  expect(signedWithoutEvent).toEqual([]);
  const signed = await rows<{ key: string; sha: string }>(
    sql`select c.signed_pdf_key as key, a.sha256 as sha from contracts c join signature_audit a on a.contract_id = c.id where c.status = 'signed'`,
  );
  expect(signed.length).toBeGreaterThanOrEqual(ack.signatures.length);
  for (const s of signed) {
    const file = path.join(filesDir, s.key);
    expect(existsSync(file), s.key).toBe(true);
    expect(createHash('sha256').update(readFileSync(file)).digest('hex'), s.key).toBe(s.sha);
  }
  const uploads = await rows<{ key: string; size: number }>(
    sql`select storage_key as key, size_bytes as size from document_uploads`,
  );
  expect(uploads.length).toBeGreaterThanOrEqual(ack.uploads.length);
  for (const u of uploads) {
    const file = path.join(filesDir, u.key);
    expect(existsSync(file), `upload row ${u.key} without its file`).toBe(true);
    expect(readFileSync(file).length).toBe(Number(u.size));
  }
  const docsWithoutUpload = await rows(
    sql`select d.id from dropbox_documents d left join document_uploads u on u.id = d.upload_id where u.id is null or u.attached_at is null`,
  );
  expect(docsWithoutUpload).toEqual([]);
  for (const a of ack.uploads) expect(uploads.map((u) => u.key)).toContain(a.filePath);
}

async function crashRun(
  env: Record<string, string>,
  dataDir: string,
  direct: () => Promise<{ rows: Rows; close(): Promise<void> }>,
) {
  const base = {
    ...env,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    SEED_JOBS: '300',
    DEV_OUTBOX: 'true',
    DEV_SECRET: TEST_DEV_SECRET,
    FEATURE_TIMESHEETS: 'true',
    RATE_LIMIT_SCALE: '100',
  };
  let server: ServerProcess = await startServer(base);
  cleanups.push(() => void server.stop('SIGKILL'));
  const people = await Promise.all([0, 1, 2, 3].map((i) => clinician(server.url, i)));
  const ack: Acknowledged = { shifts: [], signatures: [], uploads: [], attached: [] };
  const stream = writeStream(server.url, people, ack);
  // Let the stream run until a good number of writes are acknowledged, then kill the process mid-stream.
  const deadline = Date.now() + 90_000;
  while (
    (stream.total() < 40 || !ack.signatures.length || ack.attached.length < 2 || !ack.shifts.length) &&
    Date.now() < deadline
  )
    await new Promise((r) => setTimeout(r, 50));
  const exit = server.stop('SIGKILL');
  await stream.stop();
  expect(await exit).toBe(-1);
  expect(ack.signatures.length).toBeGreaterThan(0);
  expect(ack.attached.length).toBeGreaterThan(1);
  expect(ack.shifts.length).toBeGreaterThan(0);

  server = await startServer(base);
  await verifyAcknowledged(server.url, ack);
  // The restarted server takes writes again.
  const again = await json(server.url, people[0]!.token, 'POST', 'Document/uploadDocument', {
    file: pdfBytes().toString('base64'),
    fileType: 'pdf',
  });
  expect(again.status).toBe(200);
  expect(await server.stop('SIGTERM')).toBe(0);
  const db = await direct();
  try {
    await verifyIntegrity(db.rows, path.join(dataDir, 'files'), ack);
  } finally {
    await db.close();
  }
}

describe('SIGKILL in the middle of acknowledged writes', () => {
  it('on the embedded database (PGlite): every acknowledged write survives, nothing is half written', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await crashRun({}, dataDir, async () => {
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
      return {
        rows: async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows,
        close: () => database.close(),
      };
    });
  }, 240_000);

  it('on PostgreSQL: every acknowledged write survives, nothing is half written', async () => {
    const pg: PostgresServer = await startPostgresServer();
    cleanups.push(() => pg.destroy());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-crash-pg-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await crashRun({ DATABASE_URL: pg.url }, dataDir, async () => {
      const database = await openDatabase({ databaseUrl: pg.url, poolSize: 2 });
      return {
        rows: async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows,
        close: () => database.close(),
      };
    });
  }, 240_000);
});
