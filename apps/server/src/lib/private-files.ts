import { chmod, readdir, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Files the server creates are readable and writable by its own user only (0600 files, 0700 folders). */
export const PRIVATE_UMASK = 0o077;
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Written once the stored files of a data dir have been made private, so later starts skip that walk. */
const FILES_DONE_MARKER = '.files-private';

/** Entries that could not be made private (not owned by this user, gone meanwhile), as 'path: CODE'. */
export type Skipped = string[];

/** Makes a folder tree private: folders 0700, files 0600 (only entries that are more open are changed). */
export async function makeTreePrivate(root: string, skipped: Skipped = []): Promise<Skipped> {
  const fix = async (p: string, mode: number) => {
    try {
      const st = await stat(p);
      if ((st.mode & 0o777) !== mode && (st.mode & 0o077) !== 0) await chmod(p, mode);
    } catch (e) {
      skipped.push(`${p}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`);
    }
  };
  const walk = async (dir: string) => {
    await fix(dir, PRIVATE_DIR_MODE);
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (e) {
      skipped.push(`${dir}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`);
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isFile()) await fix(full, PRIVATE_FILE_MODE);
    }
  };
  if (existsSync(root)) await walk(root);
  return skipped;
}

/**
 * Closes a data dir to other users of the machine. The process umask keeps new files private; this fixes
 * what is already there: the embedded database's files (PGlite unpacks its initial cluster world-writable,
 * whatever the umask), and stored files written by earlier versions (0644 in 0755 folders). Answers what it
 * could not change (the caller logs it; a data dir owned by another user is the operator's to fix).
 */
export async function makeDataDirPrivate(dataDir: string): Promise<Skipped> {
  const skipped: Skipped = [];
  try {
    await chmod(dataDir, PRIVATE_DIR_MODE);
  } catch (e) {
    skipped.push(`${dataDir}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  await makeTreePrivate(path.join(dataDir, 'pgdata'), skipped);
  const marker = path.join(dataDir, FILES_DONE_MARKER);
  if (!existsSync(marker)) {
    const before = skipped.length;
    await makeTreePrivate(path.join(dataDir, 'files'), skipped);
    if (skipped.length === before) await writeFile(marker, '', { mode: PRIVATE_FILE_MODE });
  }
  return skipped;
}
