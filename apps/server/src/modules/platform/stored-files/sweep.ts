import type { PlatformContext } from '../platform-context.ts';
import type { DbOrTx } from '../../../db/client.ts';

/**
 * A storage area whose every file belongs to a row; `referenced` answers which of the keys still have one. The
 * module that owns the rows declares its areas (modules/index.ts gathers them for the sweep).
 */
export interface OwnedFileArea {
  area: string;
  referenced(db: DbOrTx, keys: string[]): Promise<Set<string>>;
}

/**
 * Files are written before their row and deleted after it, so a crash or a failed delete can leave a file no
 * row names. Younger files are left alone: their row may still be on its way.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
const BATCH = 500;

/**
 * Deletes stored files that no row references any more, in the areas whose files all belong to rows (caches
 * such as contract page images are not among them). Answers how many files it deleted.
 */
export async function sweepOrphanFiles(ctx: PlatformContext, areas: readonly OwnedFileArea[]): Promise<number> {
  const before = ctx.now().getTime() - ORPHAN_GRACE_MS;
  let removed = 0;
  for (const { area, referenced } of areas) {
    const old = (await ctx.storage.list(area)).filter((f) => f.modifiedAt.getTime() < before).map((f) => f.key);
    for (let i = 0; i < old.length; i += BATCH) {
      const keys = old.slice(i, i + BATCH);
      const kept = await referenced(ctx.db, keys);
      for (const key of keys) {
        if (kept.has(key)) continue;
        await ctx.storage.delete(key);
        removed += 1;
      }
    }
  }
  if (removed > 0) ctx.log.info({ removed }, 'removed stored files no record references');
  return removed;
}
