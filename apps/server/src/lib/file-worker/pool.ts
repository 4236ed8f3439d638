import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import workerpool from 'workerpool';
import { unavailable } from '../errors.ts';
import type { FileKind } from '../file-types.ts';
import { IMAGE_KINDS } from './limits.ts';

export interface FileWorkerOptions {
  /** Child processes rendering at once (default: 2, or 1 on a one-core machine). */
  maxWorkers?: number;
  /** Tasks waiting for a process; one more is refused with 503 (default 8). */
  maxQueue?: number;
  /** Wall-clock limit of one preview, from the moment a process takes it (default 5 s). */
  previewTimeoutMs?: number;
  /** Wall-clock limit of the page images of one document (default 30 s). */
  pageImagesTimeoutMs?: number;
  /** V8 heap of each child process, MiB (default 512). */
  maxHeapMiB?: number;
  /** Where failed and stopped renders are reported (a file that keeps crashing renders is worth seeing). */
  log?: { warn(obj: object, msg: string): void };
}

/** A task that ran past its wall-clock limit: its process was killed. */
export class FileWorkTimeout extends Error {
  constructor(ms: number) {
    super(`File work stopped after ${ms} ms`);
    this.name = 'FileWorkTimeout';
  }
}

/** How long a new worker process may take to load before its first task counts as timed out. */
const STARTUP_ALLOWANCE_MS = 30_000;

const here = path.dirname(fileURLToPath(import.meta.url));
// From the sources (tests, `npm run dev`) the worker is worker.ts run through tsx; in the bundle it is
// dist/file-worker.js beside dist/server.js (apps/server/build.mjs).
const fromSource = import.meta.url.endsWith('.ts');
const script = fromSource ? path.join(here, 'worker.ts') : path.join(here, 'file-worker.js');
const loader = fromSource ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];

/**
 * Every decode and render of a file (upload previews, contract page images) runs here, in a small pool of
 * child processes, never on the thread serving requests. Child processes rather than worker threads: the
 * canvas library aborts the whole process when a native allocation fails, and a worker thread would take the
 * server down with it. Each task has a wall-clock limit after which its process is killed (a runaway render
 * stops, not just its answer); the queue is bounded, and a full queue answers 503.
 */
export class FileWorker {
  private pool: workerpool.Pool | null = null;
  private readonly maxWorkers: number;
  private readonly maxQueue: number;
  readonly previewTimeoutMs: number;
  readonly pageImagesTimeoutMs: number;
  private readonly maxHeapMiB: number;
  private readonly log: FileWorkerOptions['log'];

  constructor(opts: FileWorkerOptions = {}) {
    this.log = opts.log;
    this.maxWorkers = opts.maxWorkers ?? Math.min(2, Math.max(1, os.availableParallelism()));
    this.maxQueue = opts.maxQueue ?? 8;
    this.previewTimeoutMs = opts.previewTimeoutMs ?? 5_000;
    this.pageImagesTimeoutMs = opts.pageImagesTimeoutMs ?? 30_000;
    this.maxHeapMiB = opts.maxHeapMiB ?? 512;
  }

  /** Processes start on the first task, so tests and servers that render nothing start none. */
  private get workers(): workerpool.Pool {
    this.pool ??= workerpool.pool(script, {
      workerType: 'process',
      maxWorkers: this.maxWorkers,
      maxQueueSize: this.maxQueue,
      // A timed-out task's process gets this long to stop before it is killed.
      workerTerminateTimeout: 100,
      forkOpts: {
        // Buffers cross as bytes (structured clone), not as JSON arrays of numbers.
        serialization: 'advanced',
        execArgv: [`--max-old-space-size=${this.maxHeapMiB}`, ...loader],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    });
    return this.pool;
  }

  private async run<T>(method: string, params: unknown[], timeoutMs: number): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    let task: workerpool.Promise<T>;
    try {
      task = this.workers.exec(method, params, {
        // The limit runs from the moment the task begins in a ready process (a process's own start-up, a
        // second or two under tsx, is not the file's fault). Cancelling a running task kills its process.
        on: (event: { started?: boolean }) => {
          if (event.started && !timer)
            timer = setTimeout(() => {
              timedOut = true;
              task.cancel();
            }, timeoutMs);
        },
      }) as workerpool.Promise<T>;
    } catch (e) {
      // workerpool refuses synchronously when the queue is full.
      if (/queue size/i.test((e as Error).message))
        throw unavailable('Too many files are being processed right now. Please try again in a moment.');
      throw e;
    }
    try {
      // The outer bound also covers a process that never becomes ready.
      return await task.timeout(STARTUP_ALLOWANCE_MS + timeoutMs);
    } catch (e) {
      if (timedOut || e instanceof workerpool.Promise.TimeoutError) throw new FileWorkTimeout(timeoutMs);
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Preview images of an upload: the first page of a PDF, or a downscaled copy of an image, as data: URLs.
   * An empty list when the file has no preview: a Word file, a file over the budget, one that fails to render
   * or runs past the time limit. Only a full queue is an error (503). The file is bytes, or a file on disk
   * (an upload's temp file) that the worker process reads itself, so its bytes never cross into this process.
   */
  async previewImages(kind: FileKind, file: Uint8Array | { path: string; size: number }): Promise<string[]> {
    const method = kind === 'pdf' ? 'pdfPreview' : IMAGE_KINDS.includes(kind) ? 'imagePreview' : null;
    if (!method) return [];
    const onDisk = !(file instanceof Uint8Array);
    try {
      const content = onDisk ? file.path : file;
      const params = method === 'pdfPreview' ? [content] : [kind, content];
      const url = await this.run<string | null>(onDisk ? `${method}File` : method, params, this.previewTimeoutMs);
      return url ? [url] : [];
    } catch (e) {
      if ((e as { status?: number }).status === 503) throw e;
      this.log?.warn(
        { kind, bytes: onDisk ? file.size : file.length, reason: (e as Error).message },
        'no preview: the render failed or was stopped',
      );
      return [];
    }
  }

  /** PNG images of every page of a PDF; null when the document is over the page budget. */
  async pdfPageImages(bytes: Uint8Array, scale = 1.5): Promise<Buffer[] | null> {
    const pages = await this.run<Uint8Array[] | null>('pdfPageImages', [bytes, scale], this.pageImagesTimeoutMs);
    return pages ? pages.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)) : null;
  }

  /** The process id of a worker process (tests). */
  pid(): Promise<number> {
    return this.run<number>('pid', [], this.previewTimeoutMs);
  }

  /** Stops every worker process (tasks still running are ended). */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    if (pool) await pool.terminate(true);
  }
}
