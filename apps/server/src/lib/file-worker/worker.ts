/**
 * The file worker process: decodes and renders files for the server (pool.ts starts it with child_process.fork).
 * A crash here (a native abort in the canvas library, an out-of-memory heap) ends this process only; the pool
 * answers the task as failed and starts another process for the next one.
 */
import workerpool from 'workerpool';
import type { FileKind } from '../file-types.ts';
import { loadPdfjs } from '../pdfjs.ts';
import { imagePreview, OverBudget, pdfPageImages, pdfPreview } from './render.ts';

// Loaded before the worker reports ready, so the start of a process never counts against a task's time limit.
await loadPdfjs();

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

workerpool.worker({
  pdfPreview: (bytes: Uint8Array) => orNull(() => pdfPreview(bytes)),
  imagePreview: (kind: FileKind, bytes: Uint8Array) => orNull(() => imagePreview(kind, bytes)),
  pdfPageImages: (bytes: Uint8Array, scale: number) => orNull(() => pdfPageImages(bytes, scale)),
  /** The worker's process id (tests check that a timed-out task's process is really gone). */
  pid: () => orNull(async () => process.pid),
});
