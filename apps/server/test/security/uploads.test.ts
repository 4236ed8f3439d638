import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CERT_FILES_MAX_TOTAL_BYTES,
  DROPBOX_MAX_BYTES,
  DROPBOX_MAX_FILES,
  DROPBOX_MAX_TOTAL_BYTES,
  uploadLimitMessages,
} from '@hcp/contracts';
import { documentUploads, hcpCertifications } from '../../src/db/schema/index.ts';
import { FileWorker } from '../../src/lib/file-worker/pool.ts';
import { ownedFileAreas } from '../../src/modules/index.ts';
import { sweepOrphanFiles, ORPHAN_GRACE_MS } from '../../src/modules/platform/index.ts';
import { auth, buildTestApp, signUp, type TestApp } from '../build.ts';
import { pdfBytes, PNG_1PX, upload } from '../dropbox-factories.ts';
import { hugeCanvasImage, paintBombPdf, type ImageKind } from '../hostile-file-factories.ts';

/**
 * Uploads (issue: untrusted files never run on the request path): hostile images and PDFs cannot take the
 * server down or freeze it, what one clinician stores is capped, and stored files leave with their records.
 */

let t: TestApp;
let clock = new Date();
beforeAll(async () => {
  // Many uploads per clinician in this file: the hourly upload limit is not what is tested here.
  t = await buildTestApp({ now: () => clock, env: { RATE_LIMIT_SCALE: '100' } });
});
afterAll(async () => t?.close());

const saveCert = (token: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/core/api/HcpCertification/saveCertification',
    headers: auth(token),
    payload: body,
  });
const certWithFile = (bytes: Buffer, extension: string, certId: number | null = null) => ({
  certId,
  certificationTypeId: 1,
  expirationDate: '2031-05-01',
  deleted: false,
  file: { content: bytes.toString('base64'), extension },
});
const health = () => t.app.inject({ method: 'GET', url: '/core/api/health/live' });
const storedKeys = async (prefix: string) => (await t.ctx.storage.list(prefix)).map((f) => f.key);

// Sizes unlike any in the issue: tall, wide and square canvases of 0.9 to 2.4 gigapixels.
const HUGE: [ImageKind, number, number][] = [
  ['png', 61_000, 23_000],
  ['gif', 48_500, 48_500],
  ['jpg', 30_000, 65_000],
  ['bmp', 52_000, 41_000],
];

describe('images declaring a huge canvas', () => {
  it.each(HUGE)(
    'a %s of a few dozen bytes declaring %i x %i is refused in the dropbox and in certifications, nothing stored, the server still answering',
    async (kind, width, height) => {
      const u = await signUp(t);
      const bytes = hugeCanvasImage(kind, width, height);
      expect(bytes.length).toBeLessThan(200);

      const drop = await upload(t, u.token, bytes, kind);
      expect(drop.statusCode).toBe(422);
      expect(drop.json()).toMatchObject({
        code: 'image_too_large',
        message: uploadLimitMessages.imageTooLarge(width, height),
      });
      const cert = await saveCert(u.token, certWithFile(bytes, kind));
      expect(cert.statusCode).toBe(422);
      expect(cert.json().code).toBe('image_too_large');

      expect(await storedKeys(`uploads/${u.userId}`)).toEqual([]);
      expect(await storedKeys(`certifications/${u.userId}`)).toEqual([]);
      expect((await health()).statusCode).toBe(200);
      // And the next ordinary image still gets its preview.
      const ok = await upload(t, u.token, PNG_1PX, 'png');
      expect(ok.statusCode).toBe(200);
      expect(ok.json().images[0]).toMatch(/^data:image\/jpeg;base64,/);
    },
    60_000,
  );
});

/**
 * Health probes sent from another thread (its own event loop) every 50 ms, each given 3 s, as a load balancer
 * would. `after(n)` resolves once n more probes have been sent.
 */
function probeFromAnotherThread(url: string) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     let sent = 0, answered = 0, stop = false; const inflight = new Set();
     parentPort.on('message', () => { stop = true; });
     (async () => {
       while (!stop) {
         sent++;
         const p = fetch(workerData, { signal: AbortSignal.timeout(3000) }).then((r) => { if (r.ok) answered++; }, () => {});
         inflight.add(p); p.finally(() => inflight.delete(p));
         parentPort.postMessage({ sent });
         await new Promise((r) => setTimeout(r, 50));
       }
       await Promise.all(inflight);
       parentPort.postMessage({ sent, answered, done: true });
     })();`,
    { eval: true, workerData: url },
  );
  let sent = 0;
  const waiting: { until: number; resolve: () => void }[] = [];
  let finished: (m: { sent: number; answered: number }) => void;
  const done = new Promise<{ sent: number; answered: number }>((r) => (finished = r));
  worker.on('message', (m: { sent: number; answered?: number; done?: boolean }) => {
    sent = m.sent;
    for (const w of waiting.filter((x) => sent >= x.until)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
    if (m.done) {
      void worker.terminate();
      finished({ sent: m.sent, answered: m.answered! });
    }
  });
  return {
    after: (more: number) => new Promise<void>((resolve) => waiting.push({ until: sent + more, resolve })),
    stop: () => {
      worker.postMessage('stop');
      return done;
    },
  };
}

describe('a PDF that is very slow to draw', () => {
  it('answers without a preview, and every health probe sent meanwhile and for 200 probes after is answered', async () => {
    const u = await signUp(t);
    // About a kilobyte; drawing its first page takes many seconds of one core, most of it in one blocking flush.
    const bomb = await paintBombPdf(2000, 100);
    expect(bomb.length).toBeLessThan(5000);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const probes = probeFromAnotherThread(`http://127.0.0.1:${address.port}/core/api/health/live`);
    const res = await upload(t, u.token, bomb, 'pdf');
    // An answer is not the end of the work: a render left running would still freeze the server afterwards.
    await probes.after(200);
    const seen = await probes.stop();
    delay.disable();
    expect(res.statusCode).toBe(200);
    // Stored, without a preview: the drawing ran past its time limit in the file worker and was stopped.
    expect(res.json().images).toEqual([]);
    expect(await t.ctx.storage.get(res.json().filePath)).not.toBeNull();
    expect(seen, `longest event-loop stall ${Math.round(delay.max / 1e6)} ms`).toEqual({
      sent: seen.sent,
      answered: seen.sent,
    });
  }, 180_000);
});

/** Upload rows standing for files the clinician already has (no bytes needed to fill a quota). */
async function seedUploads(userId: number, sizes: number[]) {
  for (const [i, sizeBytes] of sizes.entries())
    await t.ctx.db.insert(documentUploads).values({
      userId,
      storageKey: `uploads/${userId}/seed${String(i).padStart(4, '0')}.pdf`,
      kind: 'pdf',
      extension: 'pdf',
      sizeBytes,
    });
}

describe('per-clinician caps', () => {
  it('the dropbox holds at most 100 files: of three racing uploads at 99, exactly one is stored', async () => {
    expect(DROPBOX_MAX_FILES).toBe(100);
    const u = await signUp(t);
    await seedUploads(u.userId, Array<number>(DROPBOX_MAX_FILES - 1).fill(1000));
    const results = await Promise.all([1, 2, 3].map((i) => upload(t, u.token, pdfBytes(`race ${i}`))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    const refused = results.find((r) => r.statusCode === 422)!;
    expect(refused.json()).toMatchObject({ code: 'upload_quota_exceeded', message: uploadLimitMessages.dropboxCount });
    const rows = await t.ctx.db.select().from(documentUploads).where(eq(documentUploads.userId, u.userId));
    expect(rows).toHaveLength(DROPBOX_MAX_FILES);
    // Only the accepted upload's file is on disk (the seeded rows have none).
    expect(await storedKeys(`uploads/${u.userId}`)).toEqual([
      results.find((r) => r.statusCode === 200)!.json().filePath,
    ]);
  });

  it('the dropbox holds at most its byte allowance; a file that would pass it is refused and not stored', async () => {
    const u = await signUp(t);
    const file = pdfBytes('a little over the allowance');
    // Files of at most 30 MB each, adding up to one byte less than the allowance leaves for this file.
    const used = DROPBOX_MAX_TOTAL_BYTES - file.length + 1;
    const sizes = Array.from({ length: Math.ceil(used / DROPBOX_MAX_BYTES) }, (_, i) =>
      Math.min(DROPBOX_MAX_BYTES, used - i * DROPBOX_MAX_BYTES),
    );
    await seedUploads(u.userId, sizes);
    const res = await upload(t, u.token, file);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(uploadLimitMessages.dropboxBytes);
    expect(await storedKeys(`uploads/${u.userId}`)).toEqual([]);
  });

  it('certification files hold at most their byte allowance; replacing a file counts the new size instead of the old', async () => {
    const u = await signUp(t);
    const first = await saveCert(u.token, certWithFile(pdfBytes('card'), 'pdf'));
    expect(first.statusCode).toBe(200);
    const certId = first.json().certId as number;
    const [row] = await t.ctx.db.select().from(hcpCertifications).where(eq(hcpCertifications.id, certId));
    expect(row!.fileSizeBytes).toBe(pdfBytes('card').length);
    // Another certification whose (earlier) file leaves room for less than one more small file.
    await t.ctx.db.insert(hcpCertifications).values({
      userId: u.userId,
      certificationTypeId: 2,
      expirationDate: '2031-01-01',
      createdOrder: 9,
      fileKey: `certifications/${u.userId}/earlier.pdf`,
      fileType: 'pdf',
      fileSizeBytes: CERT_FILES_MAX_TOTAL_BYTES - 2 * pdfBytes('card').length + 10,
    });
    const refused = await saveCert(u.token, certWithFile(pdfBytes('another'), 'pdf'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'upload_quota_exceeded',
      message: uploadLimitMessages.certificationBytes,
    });
    // Replacing the first certification's file with one of the same size fits: the old size no longer counts.
    const keysBefore = await storedKeys(`certifications/${u.userId}`);
    expect(keysBefore).toHaveLength(1);
    const replaced = await saveCert(u.token, certWithFile(pdfBytes('card'), 'pdf', certId));
    expect(replaced.statusCode).toBe(200);
    const keysAfter = await storedKeys(`certifications/${u.userId}`);
    expect(keysAfter).toHaveLength(1);
    expect(keysAfter).not.toEqual(keysBefore);
  });
});

describe('stored files leave with their records', () => {
  it('deleting a certification deletes its stored file', async () => {
    const u = await signUp(t);
    const keep = await saveCert(u.token, certWithFile(pdfBytes('keep'), 'pdf'));
    const gone = await saveCert(u.token, certWithFile(PNG_1PX, 'png'));
    expect((await storedKeys(`certifications/${u.userId}`)).length).toBe(2);
    const del = await saveCert(u.token, { certId: gone.json().certId, certificationTypeId: 1, deleted: true });
    expect(del.statusCode).toBe(200);
    const left = await storedKeys(`certifications/${u.userId}`);
    expect(left).toHaveLength(1);
    const [row] = await t.ctx.db
      .select()
      .from(hcpCertifications)
      .where(eq(hcpCertifications.id, keep.json().certId as number));
    expect(left).toEqual([row!.fileKey]);
  });

  it('the sweep deletes stored files no record references once they are an hour old, and leaves caches and young files', async () => {
    const u = await signUp(t);
    const attached = (await upload(t, u.token, pdfBytes('named'))).json().filePath as string;
    const cert = await saveCert(u.token, certWithFile(pdfBytes('cert'), 'pdf'));
    const certKey = (
      await t.ctx.db
        .select()
        .from(hcpCertifications)
        .where(eq(hcpCertifications.id, cert.json().certId as number))
    )[0]!.fileKey!;
    // Files whose rows are gone (a crash between the two, a failed delete), in each area that belongs to rows.
    const orphans = [
      `uploads/${u.userId}/0123456789abcdef0123456789abcdef.pdf`,
      `certifications/${u.userId}/orphan.png`,
      `contracts/${u.userId}/orphan.pdf`,
    ];
    for (const key of orphans) await t.ctx.storage.put(key, pdfBytes('orphan'));
    const cache = `contract-images/${u.userId}/7-abc.json`;
    await t.ctx.storage.put(cache, Buffer.from('[]'));

    // Within the grace period nothing goes: a row may still be on its way.
    clock = new Date();
    expect(await sweepOrphanFiles(t.ctx, ownedFileAreas)).toBe(0);
    clock = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    const removed = await sweepOrphanFiles(t.ctx, ownedFileAreas);
    expect(removed).toBeGreaterThanOrEqual(orphans.length);
    for (const key of orphans) expect(await t.ctx.storage.get(key)).toBeNull();
    expect(await t.ctx.storage.get(attached)).not.toBeNull();
    expect(await t.ctx.storage.get(certKey)).not.toBeNull();
    expect(await t.ctx.storage.get(cache)).not.toBeNull();
  });
});

describe('with the file worker saturated', () => {
  it('an upload is refused with 503 unavailable and Retry-After, and nothing is stored', async () => {
    // One process, one waiting task: the third slow preview at once finds no room.
    const busy = await buildTestApp({ files: new FileWorker({ maxWorkers: 1, maxQueue: 1, previewTimeoutMs: 3000 }) });
    try {
      const u = await signUp(busy);
      const bomb = await paintBombPdf(2000, 200);
      const results = await Promise.all([1, 2, 3].map(() => upload(busy, u.token, bomb, 'pdf')));
      const refused = results.filter((r) => r.statusCode === 503);
      expect(refused).toHaveLength(1);
      expect(refused[0]!.json().code).toBe('unavailable');
      expect(refused[0]!.headers['retry-after']).toBeDefined();
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
      expect((await busy.ctx.storage.list(`uploads/${u.userId}`)).length).toBe(2);
    } finally {
      await busy.close();
    }
  }, 120_000);
});
