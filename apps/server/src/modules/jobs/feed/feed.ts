import {
  facilityRowSchema,
  parseCalendarDate,
  jobRowSchema,
  pickJobPay,
  type ErrorCode,
  type FeedSummary,
  type ParsedFacilityRow,
  type ParsedJobRow,
  type RowError,
} from '@hcp/contracts';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { memoize } from '../../../lib/cache.ts';
import { AppError } from '../../../lib/errors.ts';
import { workSlices } from '../../../lib/work-slices.ts';
import { findCityByName, referenceForFeed } from '../../reference-data/index.ts';
import { applyJobsChange, publishJobsChange, type JobsChange } from '../changes.ts';
import type { facilities, jobs } from '../schema.ts';
import { computeGrossWeeklyPay } from '../seed/generate-jobs.ts';
import * as repo from './repository.ts';

export interface Feed {
  facilities?: unknown[];
  jobs?: unknown[];
}

export interface ImportOptions {
  /** Archive available jobs absent from the feed (a full-feed sync). */
  sync?: boolean;
  /** The caller confirmed a sync that archives more than SYNC_ARCHIVE_LIMIT allows without confirmation. */
  confirmLargeArchive?: boolean;
  /** One refused row refuses the whole feed and nothing is written: use importAllOrNothing. */
  allOrNothing?: boolean;
}

/**
 * A sync may archive at most this share of the open jobs (and always up to `freeCount` jobs) unless the caller
 * confirms: a truncated or mostly refused feed must not empty the job board by accident.
 */
export const SYNC_ARCHIVE_LIMIT = { share: 0.2, freeCount: 10 } as const;

/** A refused feed: nothing was written. `summary` carries the row errors when rows were the reason. */
export class FeedRefused extends AppError {
  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    public readonly summary?: FeedSummary,
  ) {
    super(status, code, message);
  }
}

type FacilityInsert = typeof facilities.$inferInsert;
type JobInsert = typeof jobs.$inferInsert;

function issuesToErrors(
  section: RowError['section'],
  row: number,
  externalId: string | null,
  issues: z.core.$ZodIssue[],
): RowError[] {
  return issues.map((i) => ({
    section,
    row,
    externalId,
    field: i.path.map(String).join('.') || '(row)',
    message: i.message,
  }));
}

function externalIdOf(raw: unknown): string | null {
  const v = (raw as { externalId?: unknown } | null)?.externalId;
  return typeof v === 'string' ? v.trim() || null : null;
}

function isRealDate(iso: string): boolean {
  return parseCalendarDate(iso) !== null;
}

/** A stable comparison of a column value (numbers to the cent, JSON by content, dates as text). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 0.000001;
  if (a instanceof Date || b instanceof Date)
    return new Date(a as string).getTime() === new Date(b as string).getTime();
  return JSON.stringify(a) === JSON.stringify(b);
}

/** How deep a feed row may nest objects and arrays (a job row needs three). */
const ROW_DEPTH_MAX = 8;

/** Whether a value nests objects or arrays deeper than `limit`, looking no deeper than that. */
function nestsDeeperThan(v: unknown, limit: number): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (limit === 0) return true;
  return Object.values(v).some((x) => nestsDeeperThan(x, limit - 1));
}

/**
 * The hash a feed row is remembered by (jobs.feed_hash): of its JSON text, keys in the order the agency sent them.
 * A feed's rows come from one program and keep their key order from run to run; a row whose keys came in another
 * order is only checked and compared once more, and written only if a value changed. (Sorting every row's keys
 * first took four fifths of a re-import's own time.)
 */
export function feedRowHash(raw: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(raw) ?? 'null')
    .digest('base64url');
}

function changed<T extends Record<string, unknown>>(next: T, current: Record<string, unknown>): boolean {
  return Object.keys(next).some((k) => k !== 'updatedAt' && k !== 'createDateTime' && !same(next[k], current[k]));
}

/**
 * Imports a jobs feed: facilities and jobs upserted by the agency's external ids in one transaction.
 * Invalid rows are reported one by one and skipped; valid rows land; a repeated feed changes nothing.
 */
export async function importFeed(ctx: AppContext, feed: Feed, opts: ImportOptions = {}): Promise<FeedSummary> {
  const now = ctx.now();
  const errors: RowError[] = [];
  const summary: FeedSummary = {
    facilities: { inserted: 0, updated: 0, unchanged: 0, rejected: 0 },
    jobs: { inserted: 0, updated: 0, unchanged: 0, archived: 0, rejected: 0 },
    errors,
  };
  if (opts.sync && !(feed.jobs ?? []).length)
    throw new FeedRefused(
      422,
      'sync_without_jobs',
      'A sync lists every open job: a feed without jobs would archive them all, so nothing was changed. Send the jobs under "jobs".',
      summary,
    );
  const ref = await referenceForFeed(ctx.db);

  // 1. Facilities: shape, state, coordinates (from the city when absent), duplicates.
  const facilityRows: { row: number; value: ParsedFacilityRow; stateId: number }[] = [];
  const seenFacilities = new Set<string>();
  const rejectedFacilityIds = new Set<string>();
  let refusedWithoutId = 0;
  for (const [i, raw] of (feed.facilities ?? []).entries()) {
    const row = i + 1;
    const parsed = facilityRowSchema.safeParse(raw);
    if (!parsed.success) {
      errors.push(...issuesToErrors('facilities', row, externalIdOf(raw), parsed.error.issues));
      const ext = externalIdOf(raw);
      if (ext) rejectedFacilityIds.add(ext);
      // A row without an id (null, a string) still counts as one refused row.
      else refusedWithoutId++;
      continue;
    }
    const f = parsed.data;
    const fail = (field: string, message: string) => {
      errors.push({ section: 'facilities', row, externalId: f.externalId, field, message });
      rejectedFacilityIds.add(f.externalId);
    };
    if (seenFacilities.has(f.externalId)) {
      fail('externalId', 'Duplicate externalId in this feed');
      continue;
    }
    seenFacilities.add(f.externalId);
    const stateId = ref.stateIdByAbbr.get(f.state.toUpperCase());
    if (!stateId) {
      fail('state', `Unknown state '${f.state}'`);
      continue;
    }
    if ((f.lat == null) !== (f.lng == null)) {
      fail(f.lat == null ? 'lat' : 'lng', 'Give both lat and lng, or neither');
      continue;
    }
    facilityRows.push({ row, value: f, stateId });
  }
  summary.facilities.rejected = rejectedFacilityIds.size + refusedWithoutId;

  // 2. Jobs: shape first; references are checked once facilities are known.
  const jobRows: { row: number; value: ParsedJobRow; hash: string }[] = [];
  const seenJobs = new Set<string>();
  const rejectedJobIds = new Set<string>();
  const presentJobIds = new Set<string>();
  // A row the same as the one a job was last written from is unchanged: no validation, no write.
  const storedHashes = await repo.jobFeedHashes(
    ctx.db,
    (feed.jobs ?? []).map(externalIdOf).filter((e): e is string => e !== null),
  );
  let unchangedByHash = 0;
  const slice = workSlices();
  for (const [i, raw] of (feed.jobs ?? []).entries()) {
    // A 5,000-row batch takes a while to check: let other requests (searches) in between, every slice of work
    // rather than every 500 rows. Each pause lets every waiting request run first; with searches waiting, ten
    // pauses a batch (500 unchanged rows take about 6 ms) left the import a small share of the time.
    if (slice.due()) await slice.pause();
    const row = i + 1;
    const ext = externalIdOf(raw);
    if (ext) presentJobIds.add(ext);
    // A job row nests three levels at most (bonuses[].name); a deeper one is refused before it is hashed, which
    // walks the whole row and would run out of stack on a value nested thousands deep.
    if (nestsDeeperThan(raw, ROW_DEPTH_MAX)) {
      errors.push({
        section: 'jobs',
        row,
        externalId: ext,
        field: '(row)',
        message: `Values nest deeper than ${ROW_DEPTH_MAX} levels`,
      });
      rejectedJobIds.add(ext ?? `#${row}`);
      continue;
    }
    const hash = feedRowHash(raw);
    // Rows may be anything (null, a string): only an object has fields to read.
    const facilityExt =
      raw !== null && typeof raw === 'object'
        ? (raw as { facilityExternalId?: unknown }).facilityExternalId
        : undefined;
    if (
      ext &&
      storedHashes.get(ext) === hash &&
      !seenJobs.has(ext) &&
      !(typeof facilityExt === 'string' && rejectedFacilityIds.has(facilityExt))
    ) {
      seenJobs.add(ext);
      unchangedByHash++;
      continue;
    }
    const parsed = jobRowSchema.safeParse(raw);
    if (!parsed.success) {
      errors.push(...issuesToErrors('jobs', row, ext, parsed.error.issues));
      rejectedJobIds.add(ext ?? `#${row}`);
      continue;
    }
    const j = parsed.data;
    const fail = (field: string, message: string) => {
      errors.push({ section: 'jobs', row, externalId: j.externalId, field, message });
      rejectedJobIds.add(j.externalId);
    };
    if (seenJobs.has(j.externalId)) {
      fail('externalId', 'Duplicate externalId in this feed');
      continue;
    }
    seenJobs.add(j.externalId);
    if (!isRealDate(j.startDate)) {
      fail('startDate', 'Not a calendar date');
      continue;
    }
    if (!ref.professionIds.has(j.professionId)) {
      fail('professionId', `Unknown profession ${j.professionId}`);
      continue;
    }
    if (!ref.pairs.has(`${j.professionId}:${j.specialtyId}`)) {
      fail('specialtyId', `Specialty ${j.specialtyId} is not a specialty of profession ${j.professionId}`);
      continue;
    }
    const gross = computeGrossWeeklyPay(j);
    if (j.grossWeeklyPay != null && Math.abs(j.grossWeeklyPay - gross) >= 0.005) {
      fail('grossWeeklyPay', `Gross weekly pay must equal the sum of its weekly parts (${gross.toFixed(2)})`);
      continue;
    }
    if (rejectedFacilityIds.has(j.facilityExternalId)) {
      fail('facilityExternalId', `Facility '${j.facilityExternalId}' was rejected in this feed`);
      continue;
    }
    jobRows.push({ row, value: j, hash });
  }

  if (opts.sync && jobRows.length === 0 && unchangedByHash === 0) {
    summary.jobs.rejected = rejectedJobIds.size;
    throw new FeedRefused(
      422,
      'sync_rejected',
      'Every job row of this sync was refused, so nothing was imported or archived. See errors for each row.',
      summary,
    );
  }
  const refuseAll = () => {
    const facilityRowsRefused = new Set(errors.filter((e) => e.section === 'facilities').map((e) => e.row)).size;
    summary.facilities = { inserted: 0, updated: 0, unchanged: 0, rejected: facilityRowsRefused };
    summary.jobs = { inserted: 0, updated: 0, unchanged: 0, archived: 0, rejected: (feed.jobs ?? []).length };
    return new FeedRefused(
      422,
      'job_rejected',
      'A row was refused, so nothing was written. See errors for each row.',
      summary,
    );
  };
  if (opts.allOrNothing && errors.length) throw refuseAll();

  const result = await ctx.db.transaction(async (tx) => {
    // Facilities.
    const existingFacilities = new Map(
      (
        await repo.facilitiesByExternalIds(tx, [
          ...facilityRows.map((f) => f.value.externalId),
          ...jobRows.map((j) => j.value.facilityExternalId),
        ])
      ).map((f) => [f.externalId, f]),
    );
    const facilityUpserts: FacilityInsert[] = [];
    for (const { value: f, stateId } of facilityRows) {
      let lat = f.lat ?? null;
      let lng = f.lng ?? null;
      const city = await cityOf(tx, stateId, f.city);
      if (lat === null && city) {
        lat = city.lat;
        lng = city.lng;
      }
      const next: FacilityInsert = {
        externalId: f.externalId,
        name: f.name,
        address1: f.address1 ?? null,
        address2: f.address2 ?? null,
        city: f.city,
        stateId,
        cityId: city?.id ?? null,
        zip: f.zip ?? null,
        lat,
        lng,
        bedCount: f.bedCount ?? null,
        traumaLevel: f.traumaLevel ?? null,
        chartingSystems: f.chartingSystems,
        scrubColor: f.scrubColor ?? null,
        imageUrl: f.imageUrl ?? null,
        updatedAt: now,
      };
      const current = existingFacilities.get(f.externalId);
      if (!current) summary.facilities.inserted++;
      else if (changed(next, current)) summary.facilities.updated++;
      else {
        summary.facilities.unchanged++;
        continue;
      }
      facilityUpserts.push(next);
    }
    const upserted = facilityUpserts.length ? await repo.upsertFacilities(tx, facilityUpserts) : [];
    const facilityByExt = new Map<string, { id: number; stateId: number; lat: number | null; lng: number | null }>();
    for (const [ext, f] of existingFacilities) facilityByExt.set(ext, f);
    for (const f of upserted) facilityByExt.set(f.externalId, f);
    const movedFacilityIds = upserted
      .filter((f) => {
        const before = existingFacilities.get(f.externalId);
        return before && (before.stateId !== f.stateId || before.lat !== f.lat || before.lng !== f.lng);
      })
      .map((f) => f.id);
    if (movedFacilityIds.length) await repo.syncJobLocations(tx, movedFacilityIds, now);
    // A facility that moved changes its jobs' places: the search index reloads whole.
    const everyJob = movedFacilityIds.length > 0;

    // Jobs.
    const jobUpserts: JobInsert[] = [];
    for (const { row, value: j, hash } of jobRows) {
      const fac = facilityByExt.get(j.facilityExternalId);
      if (!fac) {
        errors.push({
          section: 'jobs',
          row,
          externalId: j.externalId,
          field: 'facilityExternalId',
          message: `Unknown facility '${j.facilityExternalId}'`,
        });
        rejectedJobIds.add(j.externalId);
        continue;
      }
      const [per, hrs] = j.shift.split('x');
      const next: JobInsert = {
        externalId: j.externalId,
        facilityId: fac.id,
        professionId: j.professionId,
        specialtyId: j.specialtyId,
        stateId: fac.stateId,
        lat: fac.lat,
        lng: fac.lng,
        grade: j.grade ?? null,
        shift: j.shift,
        shiftsPerWeek: Number(per),
        hoursPerShift: Number(hrs),
        shiftCategory: j.shiftCategory,
        availablePositions: j.positions,
        durationWeeks: j.durationWeeks,
        startDate: j.startDate,
        isAvailable: j.isAvailable,
        description: j.description ?? null,
        ...pickJobPay(j),
        bonuses: j.bonuses,
        minimumRequirements: j.minimumRequirements,
        benefits: j.benefits,
        grossWeeklyPay: computeGrossWeeklyPay(j),
        feedHash: hash,
        updatedAt: now,
      };
      jobUpserts.push(next);
    }
    if (opts.allOrNothing && errors.length) throw refuseAll();
    // The database compares each row with the stored one and writes only those that differ (unchanged rows keep
    // their updated_at): no read of the stored rows first.
    const written = jobUpserts.length ? await repo.upsertJobs(tx, jobUpserts) : [];
    summary.jobs.inserted = written.filter((w) => w.inserted).length;
    summary.jobs.updated = written.length - summary.jobs.inserted;
    summary.jobs.unchanged = jobUpserts.length - written.length + unchangedByHash;
    if (written.length < jobUpserts.length) {
      const writtenIds = new Set(written.map((w) => w.externalId));
      await repo.refreshFeedHashes(
        tx,
        jobUpserts
          .filter((u) => !writtenIds.has(u.externalId))
          .map((u) => ({ externalId: u.externalId, feedHash: u.feedHash! })),
      );
    }
    const jobIds = written.map((w) => w.id);

    if (opts.sync) {
      const open = await repo.availableJobExternalIds(tx);
      const absent = open.filter((ext) => !presentJobIds.has(ext));
      const allowed = Math.max(SYNC_ARCHIVE_LIMIT.freeCount, Math.floor(open.length * SYNC_ARCHIVE_LIMIT.share));
      // Thrown inside the transaction: the rows written above roll back with it.
      if (absent.length > allowed && !opts.confirmLargeArchive)
        throw new FeedRefused(
          409,
          'archive_confirmation_required',
          `This sync would archive ${absent.length} of the ${open.length} open jobs, more than ${SYNC_ARCHIVE_LIMIT.share * 100}% ` +
            `(${allowed}) a sync archives without confirmation. Nothing was changed. If the feed is complete, send it again with "confirmLargeArchive": true.`,
        );
      const archived = await repo.archiveJobs(tx, absent, now);
      summary.jobs.archived = archived.length;
      jobIds.push(...archived);
    }
    const count =
      summary.facilities.inserted +
      summary.facilities.updated +
      summary.jobs.inserted +
      summary.jobs.updated +
      summary.jobs.archived;
    const change: JobsChange = everyJob ? {} : { jobIds };
    if (count > 0) await publishJobsChange(ctx, tx, change);
    return { count, change };
  });
  summary.jobs.rejected = rejectedJobIds.size;
  // The search index takes in just the jobs written (or reloads whole when places moved).
  if (result.count > 0) applyJobsChange(ctx, result.change);
  return summary;
}

/**
 * A feed written whole or not at all (the single-job upsert: a job and the facility sent with it are one change, so a
 * refused facility leaves the job as it was). The summary lists the refused rows either way.
 */
export async function importAllOrNothing(ctx: AppContext, feed: Feed): Promise<FeedSummary> {
  try {
    return await importFeed(ctx, feed, { allOrNothing: true });
  } catch (e) {
    if (e instanceof FeedRefused && e.summary) return e.summary;
    throw e;
  }
}

/** The cities a batch's transaction looked up, so each is read once per batch. */
const citiesOf = memoize((_tx: DbOrTx) => new Map<string, { id: number; lat: number; lng: number } | null>());
async function cityOf(tx: DbOrTx, stateId: number, name: string) {
  const cache = citiesOf(tx);
  const key = `${stateId}:${name.trim().toLowerCase()}`;
  if (!cache.has(key)) cache.set(key, (await findCityByName(tx, stateId, name)) ?? null);
  return cache.get(key)!;
}

/** Archives one job (isAvailable false); false when no such job exists. */
export async function closeJob(ctx: AppContext, externalId: string): Promise<'archived' | 'unchanged' | null> {
  const row = await repo.jobWithFacility(ctx.db, externalId);
  if (!row) return null;
  if (!row.job.isAvailable) return 'unchanged';
  const change = await ctx.db.transaction(async (tx) => {
    const jobIds = await repo.archiveJobs(tx, [externalId], ctx.now());
    await publishJobsChange(ctx, tx, { jobIds });
    return { jobIds };
  });
  applyJobsChange(ctx, change);
  return 'archived';
}
