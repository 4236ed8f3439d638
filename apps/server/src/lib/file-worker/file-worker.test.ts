import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { pdfBytes } from '../../../test/dropbox-factories.ts';
import { paintBombPdf } from '../../../test/hostile-file-factories.ts';
import { FileWorker } from './pool.ts';

/**
 * The file worker pool: renders in child processes, kills a task that runs past its time limit, survives a
 * process that dies, and refuses work beyond its queue.
 */
const pools: FileWorker[] = [];
const pool = (opts: ConstructorParameters<typeof FileWorker>[0]) => {
  const p = new FileWorker(opts);
  pools.push(p);
  return p;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** Resolves once the process is gone (the test's own time limit bounds the wait). */
async function gone(pid: number) {
  while (alive(pid)) await new Promise((r) => setTimeout(r, 50));
}

describe('the file worker', () => {
  it('renders in a child process, not in the server process', async () => {
    const files = pool({ maxWorkers: 1 });
    const pid = await files.pid();
    expect(pid).not.toBe(process.pid);
    expect((await files.previewImages('pdf', pdfBytes()))[0]).toMatch(/^data:image\/png;base64,/);
  });

  it('a render past its time limit is stopped by ending its process; the next task gets a new one', async () => {
    const files = pool({ maxWorkers: 1, previewTimeoutMs: 2000 });
    const first = await files.pid();
    // Drawing this page takes far longer than the limit.
    expect(await files.previewImages('pdf', await paintBombPdf(2000, 200))).toEqual([]);
    await gone(first);
    const second = await files.pid();
    expect(second).not.toBe(first);
    expect(await files.previewImages('pdf', pdfBytes())).toHaveLength(1);
  }, 60_000);

  it('a process that dies mid-task (as a native abort ends it) fails only that task, and the server process lives on', async () => {
    const files = pool({ maxWorkers: 1, previewTimeoutMs: 60_000 });
    const first = await files.pid();
    const slow = files.previewImages('pdf', await paintBombPdf(2000, 200));
    process.kill(first, 'SIGKILL');
    expect(await slow).toEqual([]);
    expect(await files.pid()).not.toBe(first);
    expect(await files.previewImages('pdf', pdfBytes())).toHaveLength(1);
  }, 60_000);

  it('refuses work beyond its queue with 503 unavailable', async () => {
    const files = pool({ maxWorkers: 1, maxQueue: 1, previewTimeoutMs: 1000 });
    const bomb = await paintBombPdf(2000, 200);
    const running = files.previewImages('pdf', bomb);
    const waiting = files.previewImages('pdf', bomb);
    await expect(files.previewImages('pdf', bomb)).rejects.toMatchObject({ status: 503, code: 'unavailable' });
    expect(await running).toEqual([]);
    expect(await waiting).toEqual([]);
  }, 60_000);
});

describe('a file worker process whose server died', () => {
  it('ends itself even while its main thread is stuck in a draw call', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const watchdog = pathToFileURL(path.join(here, 'orphan-watchdog.ts')).href;
    // A stand-in server: it starts a render process that never yields again, prints its pid, and dies.
    const render = `import { startOrphanWatchdog } from ${JSON.stringify(watchdog)}; startOrphanWatchdog(100); for (;;);`;
    const server = spawn(
      process.execPath,
      [
        '-e',
        `const c = require('node:child_process').spawn(process.execPath, ['--import', ${JSON.stringify(tsx)}, '--input-type=module', '-e', ${JSON.stringify(render)}], { stdio: 'ignore' });
         console.log(c.pid); setTimeout(() => process.kill(process.pid, 'SIGKILL'), 3000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const pid = await new Promise<number>((resolve) =>
      server.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))),
    );
    await new Promise((r) => server.once('exit', r));
    await gone(pid);
    expect(alive(pid)).toBe(false);
  }, 60_000);
});
