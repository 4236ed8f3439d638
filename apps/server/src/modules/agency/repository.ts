import { and, asc, eq, getTableColumns, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  agencyApiKeys,
  cities,
  documentUploads,
  dropboxDocuments,
  eventOutbox,
  facilities,
  hcpIdentifications,
  jobs,
  professions,
  professionSpecialties,
  referrals,
  states,
  users,
} from '../../db/schema/index.ts';

// ---- API keys
export async function insertKey(db: DbOrTx, values: typeof agencyApiKeys.$inferInsert) {
  await db.insert(agencyApiKeys).values(values);
}
export async function findKey(db: DbOrTx, id: string) {
  const [row] = await db.select().from(agencyApiKeys).where(eq(agencyApiKeys.id, id)).limit(1);
  return row;
}
export async function touchKey(db: DbOrTx, id: string, at: Date) {
  await db.update(agencyApiKeys).set({ lastUsedAt: at }).where(eq(agencyApiKeys.id, id));
}
export async function revokeKey(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(agencyApiKeys)
    .set({ revokedAt: at })
    .where(and(eq(agencyApiKeys.id, id), isNull(agencyApiKeys.revokedAt)))
    .returning({ id: agencyApiKeys.id });
  return rows.length === 1;
}
export async function listKeys(db: DbOrTx) {
  return db
    .select({
      id: agencyApiKeys.id,
      name: agencyApiKeys.name,
      scopes: agencyApiKeys.scopes,
      createdAt: agencyApiKeys.createdAt,
      revokedAt: agencyApiKeys.revokedAt,
      lastUsedAt: agencyApiKeys.lastUsedAt,
    })
    .from(agencyApiKeys)
    .orderBy(asc(agencyApiKeys.createdAt));
}

// ---- reference lookups for the feed
export async function referenceForFeed(db: DbOrTx) {
  const [st, prof, pairs] = await Promise.all([
    db.select({ id: states.id, abbreviation: states.abbreviation }).from(states),
    db.select({ id: professions.id }).from(professions),
    db
      .select({ professionId: professionSpecialties.professionId, specialtyId: professionSpecialties.specialtyId })
      .from(professionSpecialties),
  ]);
  return {
    stateIdByAbbr: new Map(st.map((s) => [s.abbreviation.toUpperCase(), s.id])),
    professionIds: new Set(prof.map((p) => p.id)),
    pairs: new Set(pairs.map((p) => `${p.professionId}:${p.specialtyId}`)),
  };
}

export async function findCity(db: DbOrTx, stateId: number, name: string) {
  const [row] = await db
    .select({ id: cities.id, lat: cities.lat, lng: cities.lng })
    .from(cities)
    .where(and(eq(cities.stateId, stateId), sql`lower(${cities.name}) = ${name.trim().toLowerCase()}`))
    .limit(1);
  return row;
}

const CHUNK = 1000;
function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export type FacilityDbRow = typeof facilities.$inferSelect;
export type JobDbRow = typeof jobs.$inferSelect;

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
  const differs = sql.raw(`(${compared.map((c) => `jobs.${c}`).join(', ')}) is distinct from (${compared.map((c) => `excluded.${c}`).join(', ')})`);
  const out: { id: number; externalId: string; inserted: boolean }[] = [];
  for (const part of chunks(rows, 1000)) {
    const json = JSON.stringify(part.map((r) => Object.fromEntries(keys.map((k, i) => [names[i]!, (r as Record<string, unknown>)[k] ?? null]))));
    const result = (await db.execute(sql`
      insert into ${jobs} (${list})
      select ${list} from json_populate_recordset(null::jobs, ${json}::json)
      on conflict (external_id) do update set ${updates} where ${differs}
      returning id, external_id, (xmax = 0) as inserted`)) as unknown as {
      rows: { id: number; external_id: string; inserted: boolean }[];
    };
    for (const r of result.rows) out.push({ id: Number(r.id), externalId: r.external_id, inserted: r.inserted === true });
  }
  return out;
}

/** The feed hashes of the stored jobs among the external ids (jobs written by the feed only). */
export async function jobFeedHashes(db: DbOrTx, externalIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const part of chunks(externalIds, 5000)) {
    const rows = await db
      .select({ externalId: jobs.externalId, feedHash: jobs.feedHash })
      .from(jobs)
      .where(and(inArray(jobs.externalId, part), isNotNull(jobs.feedHash)));
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

// ---- pipeline reads
const clinician = { userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };

export async function referralsAfter(db: DbOrTx, after: number, limit: number) {
  return db
    .select({
      id: referrals.id,
      firstName: referrals.firstName,
      lastName: referrals.lastName,
      phone: referrals.phone,
      professionId: referrals.professionId,
      specialtyId: referrals.specialtyId,
      createdAt: referrals.createdAt,
      referredBy: clinician,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referrerUserId))
    .where(gt(referrals.id, after))
    .orderBy(asc(referrals.id))
    .limit(limit);
}

export async function documentsAfter(db: DbOrTx, after: number, limit: number) {
  return db
    .select({
      id: dropboxDocuments.id,
      title: dropboxDocuments.title,
      addedAt: dropboxDocuments.addedAt,
      kind: documentUploads.kind,
      sizeBytes: documentUploads.sizeBytes,
      clinician,
    })
    .from(dropboxDocuments)
    .innerJoin(documentUploads, eq(documentUploads.id, dropboxDocuments.uploadId))
    .innerJoin(users, eq(users.id, dropboxDocuments.userId))
    .where(gt(dropboxDocuments.id, after))
    .orderBy(asc(dropboxDocuments.id))
    .limit(limit);
}

export async function documentFile(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ title: dropboxDocuments.title, kind: documentUploads.kind, storageKey: documentUploads.storageKey })
    .from(dropboxDocuments)
    .innerJoin(documentUploads, eq(documentUploads.id, dropboxDocuments.uploadId))
    .where(eq(dropboxDocuments.id, id))
    .limit(1);
  return row;
}

export async function eventsAfter(db: DbOrTx, after: number, limit: number) {
  return db.select().from(eventOutbox).where(gt(eventOutbox.id, after)).orderBy(asc(eventOutbox.id)).limit(limit);
}

// ---- clinicians
const clinicianSummary = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  professionId: users.professionId,
  createdAt: users.createdAt,
  applicationComplete: users.applicationComplete,
  applicationSubmittedAt: users.applicationSubmittedAt,
  eligibleForSubmission: users.eligibleForSubmission,
};

export async function cliniciansAfter(db: DbOrTx, after: number, limit: number, email?: string) {
  return db
    .select(clinicianSummary)
    .from(users)
    .where(and(gt(users.id, after), email ? sql`lower(${users.email}) = ${email.toLowerCase()}` : undefined))
    .orderBy(asc(users.id))
    .limit(limit);
}

export async function clinicianById(db: DbOrTx, userId: number) {
  const [row] = await db.select(clinicianSummary).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** Whether an SSN is on file (never the SSN itself). */
export async function hasSsn(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: hcpIdentifications.userId })
    .from(hcpIdentifications)
    .where(eq(hcpIdentifications.userId, userId))
    .limit(1);
  return !!row;
}

export async function setEligible(db: DbOrTx, userId: number, eligible: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ eligibleForSubmission: eligible })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length === 1;
}
