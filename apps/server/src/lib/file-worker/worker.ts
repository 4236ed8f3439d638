/**
 * The file worker process: decodes and renders files for the server (pool.ts starts it with child_process.fork).
 * A crash here (a native abort in the canvas library, an out-of-memory heap) ends this process only; the pool
 * answers the task as failed and starts another process for the next one.
 */
import { readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import workerpool from 'workerpool';
import type { FileKind } from '../file-types.ts';
import { loadPdfjs } from '../pdfjs.ts';
import { startOrphanWatchdog } from './orphan-watchdog.ts';
import { RENDER_LIMITS } from './limits.ts';
import { imagePreview, OverBudget, pdfPageImages, pdfPreview } from './render.ts';

const RENDER_NICENESS = 10;

// A render stuck in a native call must not outlive the server (orphan-watchdog.ts).
startOrphanWatchdog();

// Rendering yields the CPU to the server process: on a small machine the requests come first.
try {
  os.setPriority(RENDER_NICENESS);
} catch {
  // not permitted here: run at the normal priority
}

// Loaded and run once before the worker reports ready (pdf.js, the canvas library, fonts, the first JIT), so the
// start of a process never counts against a task's time limit.
await loadPdfjs();
await pdfPreview(
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  ),
).catch(() => undefined);

/**
 * Tells the pool the task has begun (its wall-clock limit starts now), then runs it. Over-budget files answer
 * null (stored without a preview), so the pool can tell them from failures.
 */
async function orNull<T>(work: () => Promise<T>): Promise<T | null> {
  workerpool.workerEmit({ started: true });
  try {
    return await work();
  } catch (e) {
    if (e instanceof OverBudget) return null;
    throw e;
  }
}

/** A file the server left on disk for this process to read (an upload's temp file); over `maxBytes` it is not read. */
async function readUpload(filePath: string, maxBytes = Infinity): Promise<Uint8Array> {
  if ((await stat(filePath)).size > maxBytes) throw new OverBudget('file too large for a preview');
  return readFile(filePath);
}

workerpool.worker({
  pdfPreview: (bytes: Uint8Array) => orNull(() => pdfPreview(bytes)),
  imagePreview: (kind: FileKind, bytes: Uint8Array) => orNull(() => imagePreview(kind, bytes)),
  pdfPreviewFile: (filePath: string) =>
    orNull(async () => pdfPreview(await readUpload(filePath, RENDER_LIMITS.pdfPreviewMaxBytes))),
  imagePreviewFile: (kind: FileKind, filePath: string) =>
    orNull(async () => imagePreview(kind, await readUpload(filePath))),
  pdfPageImages: (bytes: Uint8Array, scale: number) => orNull(() => pdfPageImages(bytes, scale)),
  /** The worker's process id (tests check that a timed-out task's process is really gone). */
  pid: () => orNull(async () => process.pid),
});
