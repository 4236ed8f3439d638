import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import * as certificationsRepo from '../../clinician-record/certifications/repository.ts';
import { CERTIFICATION_FILE_AREA } from '../../clinician-record/certifications/service.ts';
import * as contractsRepo from '../../placements/contracts/repository.ts';
import { SIGNED_CONTRACT_AREA } from '../../placements/contracts/service.ts';
import * as dropboxRepo from '../../clinician-record/dropbox/repository.ts';
import { UPLOAD_AREA } from '../../clinician-record/dropbox/service.ts';

/** A storage area whose every file belongs to a row; `referenced` answers which of the keys still have one. */
export interface OwnedFileArea {
  area: string;
  referenced(db: DbOrTx, keys: string[]): Promise<Set<string>>;
}

export const OWNED_FILE_AREAS: OwnedFileArea[] = [
  { area: UPLOAD_AREA, referenced: dropboxRepo.referencedKeys },
  { area: CERTIFICATION_FILE_AREA, referenced: certificationsRepo.referencedKeys },
  { area: SIGNED_CONTRACT_AREA, referenced: contractsRepo.referencedKeys },
];

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
export async function sweepOrphanFiles(ctx: AppContext, areas: OwnedFileArea[] = OWNED_FILE_AREAS): Promise<number> {
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
