import { and, eq, getTableColumns, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { facilities, jobs } from '../schema.ts';

/** The writes of the agency's jobs feed (feed.ts checks each row first). */

const CHUNK = 1000;
function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export type FacilityDbRow = typeof facilities.$inferSelect;

export async function facilitiesByExternalIds(db: DbOrTx, ids: string[]): Promise<FacilityDbRow[]> {
  const out: FacilityDbRow[] = [];
  for (const part of chunks([...new Set(ids)]))
    out.push(...(await db.select().from(facilities).where(inArray(facilities.externalId, part))));
  return out;
}

const excludedAll = <T extends Record<string, { name: string }>>(table: T, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, sql.raw(`excluded.${table[k]!.name}`)]));

export async function upsertFacilities(db: DbOrTx, rows: (typeof facilities.$inferInsert)[]) {
  const keys = Object.keys(rows[0] ?? {}).filter((k) => k !== 'externalId');
  const out: { id: number; externalId: string; stateId: number; lat: number | null; lng: number | null }[] = [];
  for (const part of chunks(rows, 500)) {
    out.push(
      ...(await db
        .insert(facilities)
        .values(part)
        .onConflictDoUpdate({ target: facilities.externalId, set: excludedAll(facilities as never, keys) })
        .returning({
          id: facilities.id,
          externalId: facilities.externalId,
          stateId: facilities.stateId,
          lat: facilities.lat,
          lng: facilities.lng,
        })),
    );
  }
  return out;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Inserts jobs by external id, or updates those whose values differ from the stored row (updated_at aside);
 * answers the rows written (inserted or updated), not the unchanged ones. The rows travel as one JSON parameter per
 * thousand (json_populate_recordset), so a 5,000-job batch is five short statements rather than 225,000 bound
 * parameters to build and send.
 */
export async function upsertJobs(
  db: DbOrTx,
  rows: (typeof jobs.$inferInsert)[],
): Promise<{ id: number; externalId: string; inserted: boolean }[]> {
  const columns = getTableColumns(jobs) as Record<string, { name: string }>;
  const keys = Object.keys(rows[0] ?? {}).filter((k) => k in columns && k !== 'id');
  const names = keys.map((k) => columns[k]!.name);
  const list = sql.raw(names.map(quote).join(', '));
  const updated = keys.filter((k) => k !== 'externalId' && k !== 'createDateTime').map((k) => quote(columns[k]!.name));
  const updates = sql.raw(updated.map((c) => `${c} = excluded.${c}`).join(', '));
  // The feed hash is not content: a row whose content is the same is not written (see refreshFeedHashes).
  const compared = updated.filter((c) => c !== quote(columns.updatedAt!.name) && c !== quote(columns.feedHash!.name));
  const differs = sql.raw(
    `(${compared.map((c) => `jobs.${c}`).join(', ')}) is distinct from (${compared.map((c) => `excluded.${c}`).join(', ')})`,
  );
  const out: { id: number; externalId: string; inserted: boolean }[] = [];
  for (const part of chunks(rows, 1000)) {
    const json = JSON.stringify(
      part.map((r) => Object.fromEntries(keys.map((k, i) => [names[i]!, (r as Record<string, unknown>)[k] ?? null]))),
    );
    const result = (await db.execute(sql`
      insert into ${jobs} (${list})
      select ${list} from json_populate_recordset(null::jobs, ${json}::json)
      on conflict (external_id) do update set ${updates} where ${differs}
      returning id, external_id, (xmax = 0) as inserted`)) as unknown as {
      rows: { id: number; external_id: string; inserted: boolean }[];
    };
    for (const r of result.rows)
      out.push({ id: Number(r.id), externalId: r.external_id, inserted: r.inserted === true });
  }
  return out;
}

/** The feed hashes of the stored jobs among the external ids (jobs written by the feed only). */
export async function jobFeedHashes(db: DbOrTx, externalIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const part of chunks(externalIds, 5000)) {
    // The ids as one JSON parameter: 5,000 bound parameters cost more to build and send than the read itself.
    const rows = await db
      .select({ externalId: jobs.externalId, feedHash: jobs.feedHash })
      .from(jobs)
      .where(
        and(
          sql`${jobs.externalId} = any(array(select jsonb_array_elements_text(${JSON.stringify(part)}::jsonb)))`,
          isNotNull(jobs.feedHash),
        ),
      );
    for (const r of rows) out.set(r.externalId, r.feedHash!);
  }
  return out;
}

/** Stores the feed hash of rows whose content was already up to date (so the next identical row is skipped). */
export async function refreshFeedHashes(db: DbOrTx, hashes: { externalId: string; feedHash: string }[]) {
  for (const part of chunks(hashes, 1000)) {
    await db.execute(sql`
      update jobs set feed_hash = x.h
      from json_to_recordset(${JSON.stringify(part.map((r) => ({ e: r.externalId, h: r.feedHash })))}::json) as x(e text, h text)
      where jobs.external_id = x.e and jobs.feed_hash is distinct from x.h`);
  }
}

/** Keeps the jobs' denormalised state and coordinates in step with their facility. */
export async function syncJobLocations(db: DbOrTx, facilityIds: number[], at: Date) {
  for (const part of chunks(facilityIds)) {
    await db.execute(sql`
      update jobs set state_id = f.state_id, lat = f.lat, lng = f.lng, updated_at = ${at.toISOString()}
      from facilities f
      where jobs.facility_id = f.id and f.id in ${part}
        and (jobs.state_id <> f.state_id or jobs.lat is distinct from f.lat or jobs.lng is distinct from f.lng)`);
  }
}

export async function availableJobExternalIds(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ externalId: jobs.externalId }).from(jobs).where(eq(jobs.isAvailable, true));
  return rows.map((r) => r.externalId);
}

/** Archives the available jobs among the external ids; answers the ids of the jobs it archived. */
export async function archiveJobs(db: DbOrTx, externalIds: string[], at: Date): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(externalIds)) {
    const rows = await db
      .update(jobs)
      // Closed outside the feed: the next feed row for the job is read again, even if it is the same as before.
      .set({ isAvailable: false, updatedAt: at, feedHash: null })
      .where(and(inArray(jobs.externalId, part), eq(jobs.isAvailable, true)))
      .returning({ id: jobs.id });
    for (const r of rows) ids.push(r.id);
  }
  return ids;
}

export async function jobWithFacility(db: DbOrTx, externalId: string) {
  const [row] = await db
    .select({ job: jobs, facilityExternalId: facilities.externalId })
    .from(jobs)
    .innerJoin(facilities, eq(facilities.id, jobs.facilityId))
    .where(eq(jobs.externalId, externalId))
    .limit(1);
  return row;
}
