/**
 * The uploads part of the bench (`npm run bench -- --only=uploads`): does the API keep answering while uploaded
 * files are decoded and rendered?
 *
 * 1. Legitimate load: four clinicians upload a 55-page scanned PDF at the same time, three rounds. Measured: the
 *    server's own event-loop delay (monitorEventLoopDelay, preloaded by event-loop-probe.mjs) and health probes
 *    sent every 25 ms meanwhile.
 * 2. Hostile PDFs: two uploads of a 1 KB PDF that paints one form object thousands of times; health probes
 *    every 25 ms for 20 s, each given 2 s to answer (as a load balancer would).
 * 3. A 60-byte PNG declaring a 40000 x 30000 canvas: is the server still up afterwards?
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { hugeCanvasImage, paintBombPdf } from '../apps/server/test/hostile-file-factories.ts';

interface EventLoopDelay {
  p50: number;
  p99: number;
  max: number;
  samples: number;
}

interface ProbeStats {
  sent: number;
  answered: number;
  p99Ms: number;
  maxMs: number;
}

export interface UploadsResult {
  legit: {
    pages: number;
    pdfBytes: number;
    parallel: number;
    rounds: number;
    uploadMs: { p50: number; max: number };
    statuses: Record<string, number>;
    previews: number;
    eventLoop: EventLoopDelay;
    probes: ProbeStats;
  };
  hostile: {
    pdfBytes: number;
    uploads: number;
    uploadMs: number[];
    statuses: Record<string, number>;
    probes: ProbeStats;
    eventLoop: EventLoopDelay | null;
  };
  hugeImage: { bytes: number; status: string; serverUpAfter: boolean };
}

interface UploadsServer {
  origin: string;
  pid: number;
  alive(): boolean;
}

/** Starts the server under test with the event-loop probe preloaded; BENCH_EVENT_LOOP_FILE is set by the caller. */
export type StartWithProbe = (
  extraEnv: Record<string, string>,
  nodeArgs: string[],
) => Promise<UploadsServer & { stop(): Promise<void> }>;

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A page scan as a JPEG: text lines, a letterhead band and some noise, like a phone scan of a license. */
function scanJpeg(seed: number): Buffer {
  const w = 1700;
  const h = 2200;
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f4f1ea';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = `hsl(${(seed * 67) % 360} 40% 35%)`;
  ctx.fillRect(0, 0, w, 180);
  ctx.fillStyle = '#222';
  ctx.font = '34px sans-serif';
  for (let y = 260; y < h - 100; y += 52)
    ctx.fillText(`Line ${y} of scanned credential ${seed}: registered nurse license, state board, expires`, 90, y);
  let x = seed * 7919;
  for (let i = 0; i < 40_000; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    ctx.fillStyle = `rgba(0,0,0,${(x % 20) / 100})`;
    ctx.fillRect(x % w, (x >> 11) % h, 2, 2);
  }
  return canvas.toBuffer('image/jpeg', 70);
}

/** A legitimate long PDF: every page a scanned image and a text block (three scans shared by the pages). */
async function scannedPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const scans = await Promise.all([1, 2, 3].map((s) => doc.embedJpg(scanJpeg(s))));
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([612, 792]);
    page.drawImage(scans[i % scans.length]!, { x: 36, y: 120, width: 540, height: 640 });
    for (let l = 0; l < 6; l++)
      page.drawText(`Page ${i + 1}, note ${l + 1}: verified copy of the original credential.`, {
        x: 40,
        y: 100 - l * 14,
        size: 10,
        font,
      });
  }
  return Buffer.from(await doc.save());
}

async function signUp(origin: string, i: number): Promise<string> {
  const res = await fetch(`${origin}/core/api/auth/HcpSignUp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      EmailAddress: `uploader${i}.${Date.now()}@example.com`,
      PhoneNumber: '5125550100',
      FirstName: 'Bench',
      LastName: `Uploader${i}`,
      ProfessionId: 13,
      WebPassword: 'Upload-Bench-2026',
    }),
  });
  if (!res.ok) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return res.text();
}

async function upload(origin: string, token: string, bytes: Buffer, fileType: string) {
  const t0 = performance.now();
  try {
    const res = await fetch(`${origin}/core/api/Document/uploadDocument`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ file: bytes.toString('base64'), fileType }),
      signal: AbortSignal.timeout(180_000),
    });
    const body = (await res.json().catch(() => ({}))) as { images?: string[] };
    return { status: String(res.status), ms: performance.now() - t0, previews: body.images?.length ?? 0 };
  } catch (e) {
    return {
      status: (e as Error).name === 'TimeoutError' ? 'timeout' : 'connection failed',
      ms: performance.now() - t0,
      previews: 0,
    };
  }
}

/** Health probes every `everyMs` until stop(); each is answered or not within `timeoutMs`. */
function probes(origin: string, everyMs: number, timeoutMs: number) {
  const latencies: number[] = [];
  let sent = 0;
  const inflight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    sent += 1;
    const t0 = performance.now();
    const p = fetch(`${origin}/core/api/health/live`, { signal: AbortSignal.timeout(timeoutMs) })
      .then(async (r) => {
        await r.arrayBuffer();
        if (r.ok) latencies.push(performance.now() - t0);
      })
      .catch(() => undefined)
      .finally(() => inflight.delete(p));
    inflight.add(p);
  }, everyMs);
  return {
    async stop(): Promise<ProbeStats> {
      clearInterval(timer);
      await Promise.all(inflight);
      const sorted = latencies.sort((a, b) => a - b);
      return {
        sent,
        answered: sorted.length,
        p99Ms: +pct(sorted, 99).toFixed(1),
        maxMs: +(sorted.at(-1) ?? 0).toFixed(1),
      };
    },
  };
}

async function eventLoopSnapshot(server: UploadsServer, file: string): Promise<EventLoopDelay | null> {
  const before = (() => {
    try {
      return (JSON.parse(readFileSync(file, 'utf8')) as { seq: number }).seq;
    } catch {
      return 0;
    }
  })();
  if (!server.alive()) return null;
  process.kill(server.pid, 'SIGUSR2');
  for (let i = 0; i < 600; i++) {
    try {
      const snap = JSON.parse(readFileSync(file, 'utf8')) as EventLoopDelay & { seq: number };
      if (snap.seq > before) return { p50: snap.p50, p99: snap.p99, max: snap.max, samples: snap.samples };
    } catch {
      // not written yet
    }
    await sleep(100);
  }
  return null;
}

const count = (statuses: string[]) =>
  statuses.reduce<Record<string, number>>((a, s) => ((a[s] = (a[s] ?? 0) + 1), a), {});

export async function uploadsBench(
  start: StartWithProbe,
  log: (...parts: unknown[]) => void,
  quick: boolean,
): Promise<UploadsResult> {
  const file = path.join(os.tmpdir(), `hcp-bench-event-loop-${process.pid}.json`);
  const probe = path.join(path.dirname(new URL(import.meta.url).pathname), 'event-loop-probe.mjs');
  const server = await start({ BENCH_EVENT_LOOP_FILE: file }, ['--import', probe]);
  try {
    const tokens = await Promise.all([1, 2, 3, 4].map((i) => signUp(server.origin, i)));
    const pages = 55;
    const pdf = await scannedPdf(pages);
    const rounds = quick ? 1 : 3;
    log(
      `uploads: ${rounds} round(s) of 4 parallel uploads of a ${pages}-page scanned PDF (${(pdf.length / 1024 / 1024).toFixed(1)} MB)`,
    );
    // One upload first so the server has loaded what it renders with; then the measured rounds.
    await upload(server.origin, tokens[0]!, pdf, 'pdf');
    await eventLoopSnapshot(server, file);
    const legitProbes = probes(server.origin, 25, 2000);
    const results: Awaited<ReturnType<typeof upload>>[] = [];
    for (let r = 0; r < rounds; r++)
      results.push(...(await Promise.all(tokens.map((t) => upload(server.origin, t, pdf, 'pdf')))));
    const legitProbeStats = await legitProbes.stop();
    const legitLoop = (await eventLoopSnapshot(server, file)) ?? { p50: 0, p99: 0, max: 0, samples: 0 };
    const ms = results.map((x) => x.ms).sort((a, b) => a - b);
    const legit: UploadsResult['legit'] = {
      pages,
      pdfBytes: pdf.length,
      parallel: tokens.length,
      rounds,
      uploadMs: { p50: Math.round(pct(ms, 50)), max: Math.round(ms.at(-1) ?? 0) },
      statuses: count(results.map((x) => x.status)),
      previews: results.filter((x) => x.previews > 0).length,
      eventLoop: legitLoop,
      probes: legitProbeStats,
    };
    log(
      `uploads: legitimate: event loop p99 ${legitLoop.p99} ms (max ${legitLoop.max}); probes ${legitProbeStats.answered}/${legitProbeStats.sent}; uploads ${JSON.stringify(legit.uploadMs)} ${JSON.stringify(legit.statuses)}`,
    );

    const bomb = await paintBombPdf(1500, 200);
    log(
      `uploads: two uploads of a ${bomb.length}-byte PDF painting one form 1500 times; probes every 25 ms for 20 s (2 s each)`,
    );
    const hostileProbes = probes(server.origin, 25, 2000);
    const hostileUploads = Promise.all(tokens.slice(0, 2).map((t) => upload(server.origin, t, bomb, 'pdf')));
    await sleep(20_000);
    const hostileProbeStats = await hostileProbes.stop();
    const hostileResults = await hostileUploads;
    const hostile: UploadsResult['hostile'] = {
      pdfBytes: bomb.length,
      uploads: 2,
      uploadMs: hostileResults.map((x) => Math.round(x.ms)),
      statuses: count(hostileResults.map((x) => x.status)),
      probes: hostileProbeStats,
      eventLoop: await eventLoopSnapshot(server, file),
    };
    log(
      `uploads: hostile: probes ${hostileProbeStats.answered}/${hostileProbeStats.sent} answered; uploads ${JSON.stringify(hostile.uploadMs)} ms ${JSON.stringify(hostile.statuses)}`,
    );

    const png = hugeCanvasImage('png', 40_000, 30_000);
    const img = await upload(server.origin, tokens[3]!, png, 'png');
    await sleep(1000);
    let up = false;
    try {
      up = (await fetch(`${server.origin}/core/api/health/live`, { signal: AbortSignal.timeout(5000) })).ok;
    } catch {
      up = false;
    }
    log(`uploads: ${png.length}-byte PNG declaring 40000 x 30000: ${img.status}; server up afterwards: ${up}`);
    return { legit, hostile, hugeImage: { bytes: png.length, status: img.status, serverUpAfter: up } };
  } finally {
    await server.stop();
  }
}
