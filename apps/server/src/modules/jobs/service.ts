import {
  criteriaKey,
  jobDetailsSchema,
  matchJob,
  normalizeSearchQuery,
  type FavoriteJobsResponse,
  type GeoCity,
  type JobCard,
  type JobDetails,
  type JobSearchQuery,
  type SearchCriteria,
  type SearchOptions,
  pickJobPay,
} from '@hcp/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { boundedCache, memoize, type BoundedCache } from '../../lib/cache.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { referenceService, type CityRef, type ReferenceData } from '../reference-data/index.ts';
import type { AnswerBytes } from '../../lib/compression.ts';
import { onJobsChange } from './changes.ts';
import * as repo from './repository.ts';
import { ProfessionIndex } from './search-index.ts';
import { displayableImageUrl } from '../../lib/image-hosts.ts';

/** Answers kept per normalised query; dropped whenever jobs change, and after a minute at most. */
const CACHE_ENTRIES = 2000;
const DETAILS_CACHE_ENTRIES = 5000;
/**
 * On PostgreSQL other processes (more servers, the operator's CLI) change jobs too: the change feed tells this one
 * within moments, and the caches live at most this long there all the same, in case a notice was lost (a listening
 * connection that dropped is reopened and then reloads everything). PGlite is embedded in this one process, so its
 * events see every change.
 */
const PG_MAX_AGE_MS = 60_000;

interface SearchIndex {
  /** Each profession's available jobs (search-index.ts). */
  byProfession: Map<number, ProfessionIndex>;
  facilities: Map<number, { name: string; city: string; state: string }>;
  loadedAt: number;
}

/** Each profession's index from rows in id order. */
function indexByProfession(rows: repo.Candidate[]): Map<number, ProfessionIndex> {
  const lists = new Map<number, repo.Candidate[]>();
  for (const r of rows) {
    let list = lists.get(r.professionId);
    if (!list) lists.set(r.professionId, (list = []));
    list.push(r);
  }
  return new Map([...lists].map(([id, list]) => [id, new ProfessionIndex(list)]));
}

/** Cities and specialty names by id, made once per loaded reference data. */
const cityMap = memoize((ref: ReferenceData): Map<number, CityRef> => new Map(ref.cities.map((c) => [c.id, c])));
const specialtyMap = memoize(
  (ref: ReferenceData): Map<number, string> => new Map(ref.specialties.map((s) => [s.id, s.name])),
);

export class JobsService {
  /** Search answers by normalised query. */
  private readonly cache: BoundedCache<string, Promise<string>>;
  /** Raw request URL -> answer bytes, so a repeated URL skips validation and normalisation too. */
  private readonly urlCache: BoundedCache<string, AnswerBytes>;
  /** Anonymous job details by job id (the answer bytes), dropped with the other caches when jobs change. */
  private readonly detailsCache: BoundedCache<number, AnswerBytes>;
  private generation = 0;
  private optionsCache: Promise<AnswerBytes> | null = null;
  private index: Promise<SearchIndex> | null = null;
  private reloading: Promise<SearchIndex> | null = null;

  private readonly maxAge: number;

  constructor(private readonly ctx: AppContext) {
    // Changes made through this process (after their commit) and by other processes on the same PostgreSQL database.
    onJobsChange(ctx, (ids) => (ids ? this.patch(ids) : this.invalidate()));
    this.maxAge = ctx.database.kind === 'postgres' ? PG_MAX_AGE_MS : Number.POSITIVE_INFINITY;
    this.cache = boundedCache({ max: CACHE_ENTRIES, maxAgeMs: this.maxAge });
    this.urlCache = boundedCache({ max: CACHE_ENTRIES, maxAgeMs: this.maxAge });
    this.detailsCache = boundedCache({ max: DETAILS_CACHE_ENTRIES, maxAgeMs: this.maxAge });
  }

  invalidate(): void {
    this.generation += 1;
    this.cache.clear();
    this.urlCache.clear();
    this.detailsCache.clear();
    this.optionsCache = null;
    this.index = null;
    this.reloading = null;
  }

  /**
   * Takes the written jobs into the loaded index (a feed batch changes thousands of 100,000 jobs): one query for
   * those rows, the lists rebuilt without a full reload, the answer caches dropped. Searches wait for it, so an
   * answer after an import always includes the import.
   */
  private patch(jobIds: number[]): void {
    const current = this.index;
    if (!current) return this.invalidate();
    this.generation += 1;
    this.cache.clear();
    this.urlCache.clear();
    this.detailsCache.clear();
    this.reloading = null;
    // An index still loading when the change came is of the old generation and gives up: load it anew instead.
    const next = current.then(
      async (idx) => {
        const [rows, facilityRows] = await Promise.all([
          repo.searchIndexRowsByIds(this.ctx.db, jobIds),
          repo.facilityCardInfo(this.ctx.db),
        ]);
        const changed = new Set(jobIds);
        const byProfession = new Map(idx.byProfession);
        // A profession whose written jobs were all there before and stay (a re-import changing openings, say) is
        // patched in place; the other professions that held or receive a written job are indexed again; the rest
        // keep theirs.
        const incoming = new Map<number, repo.Candidate[]>();
        for (const r of rows) {
          const list = incoming.get(r.professionId);
          if (list) list.push(r);
          else incoming.set(r.professionId, [r]);
        }
        const touched = new Map<number, repo.Candidate[]>();
        for (const [professionId, pi] of idx.byProfession) {
          const held = jobIds.filter((id) => pi.positionOf(id) >= 0).length;
          const here = incoming.get(professionId) ?? [];
          if (held === 0) continue;
          const patched = held === here.length ? pi.withUpdates(here) : null;
          if (patched) {
            byProfession.set(professionId, patched);
            incoming.delete(professionId);
          } else
            touched.set(
              professionId,
              pi.jobs.filter((j) => !changed.has(j.id)),
            );
        }
        for (const r of [...incoming.values()].flat()) {
          let list = touched.get(r.professionId);
          if (!list) touched.set(r.professionId, (list = [...(idx.byProfession.get(r.professionId)?.jobs ?? [])]));
          list.push(r);
        }
        for (const [professionId, list] of touched) {
          list.sort((a, b) => a.id - b.id);
          if (list.length) byProfession.set(professionId, new ProfessionIndex(list));
          else byProfession.delete(professionId);
        }
        const facilities = new Map(facilityRows.map((f) => [f.id, { name: f.name, city: f.city, state: f.state }]));
        return { byProfession, facilities, loadedAt: idx.loadedAt };
      },
      () => this.loadIndex(),
    );
    this.index = next;
    next.catch(() => {
      if (this.index === next) this.index = null;
    });
  }

  private loadIndex(): Promise<SearchIndex> {
    const generation = this.generation;
    return Promise.all([repo.searchIndexRows(this.ctx.db), repo.facilityCardInfo(this.ctx.db)]).then(
      ([rows, facilityRows]) => {
        if (generation !== this.generation) throw new Error('stale search index');
        const facilities = new Map(facilityRows.map((f) => [f.id, { name: f.name, city: f.city, state: f.state }]));
        return { byProfession: indexByProfession(rows), facilities, loadedAt: Date.now() };
      },
    );
  }

  /**
   * The in-memory search index: the few columns of every available job, grouped by profession. Loaded with one
   * query, dropped when jobs change, refreshed in the background after maxAge (the old one answers meanwhile).
   */
  private searchIndex(): Promise<SearchIndex> {
    if (!this.index) {
      const p = this.loadIndex();
      this.index = p;
      p.catch(() => {
        if (this.index === p) this.index = null;
      });
      return p.catch(() => this.loadIndex());
    }
    const current = this.index.catch(() => this.loadIndex());
    void current.then(
      (idx) => {
        if (Date.now() - idx.loadedAt > this.maxAge && !this.reloading) {
          const r = this.loadIndex();
          this.reloading = r;
          r.then(
            (fresh) => {
              if (this.reloading === r) {
                this.index = Promise.resolve(fresh);
                this.reloading = null;
              }
            },
            () => {
              if (this.reloading === r) this.reloading = null;
            },
          );
        }
      },
      () => {},
    );
    return current;
  }

  /** GET jobsearch/SearchOptions as kept answer bytes (reference data only changes with a deploy or seed). */
  searchOptionsAnswer(): Promise<AnswerBytes> {
    this.optionsCache ??= referenceService(this.ctx)
      .get()
      .then((ref) => {
        const body: SearchOptions = {
          disciplines: ref.professions,
          specialties: ref.specialties,
          states: ref.states,
          cities: ref.cities.map((c) => ({ id: String(c.id), name: c.name, stateAbbreviation: c.stateAbbreviation })),
        };
        return { body: JSON.stringify(body) };
      })
      .catch((e: unknown) => {
        this.optionsCache = null;
        throw e;
      });
    return this.optionsCache;
  }

  cachedByUrl(url: string): AnswerBytes | undefined {
    return this.urlCache.get(url);
  }

  /** The answer to keep for a URL (kept only when no change of jobs happened meanwhile); its encodings fill in on use. */
  rememberUrl(url: string, body: string, generation: number): AnswerBytes {
    const answer: AnswerBytes = { body };
    if (generation === this.generation && url.length <= 4096) this.urlCache.set(url, answer);
    return answer;
  }

  get currentGeneration(): number {
    return this.generation;
  }

  /** GET jobsearch/jobs as JSON text, from the response cache when the same normalised query was answered. */
  searchJson(query: JobSearchQuery): Promise<string> {
    const criteria = normalizeSearchQuery(query);
    const key = criteriaKey(criteria);
    const hit = this.cache.get(key);
    if (hit) return hit;
    const generation = this.generation;
    const p = this.search(criteria).then((r) => JSON.stringify(r));
    this.cache.set(key, p);
    // An answer computed while jobs changed, or a failed one, is not kept.
    p.then(
      () => {
        if (generation !== this.generation && this.cache.peek(key) === p) this.cache.delete(key);
      },
      () => {
        if (this.cache.peek(key) === p) this.cache.delete(key);
      },
    );
    return p;
  }

  async search(c: SearchCriteria) {
    const ref = await referenceService(this.ctx).get();
    const cities = cityMap(ref);
    const chosen: GeoCity[] = [];
    for (const item of c.cities) {
      const city = cities.get(item.id);
      if (city) chosen.push({ ...city, radius: item.radius });
    }
    const stateIds = c.stateIds.filter((id) => ref.states.some((s) => s.id === id));
    // Unknown cities and states in the query are ignored like malformed ones; when nothing valid is left
    // but something was asked for, no job can match the location.
    const askedLocation = c.stateIds.length > 0 || c.cities.length > 0;
    if (askedLocation && !chosen.length && !stateIds.length) return this.empty(c);
    const index = await this.searchIndex();
    const criteria = { ...c, stateIds, cities: chosen };
    const found = index.byProfession.get(c.disciplineId)?.search({ criteria: c, stateIds, cities: chosen }) ?? {
      jobs: [],
      jobCount: 0,
      positionCount: 0,
    };
    const page = found.jobs;
    // The cards come from the index and the reference data: a search answers without a database round trip.
    const professionName = ref.professions.find((p) => p.id === c.disciplineId)?.name ?? '';
    const specialtyNames = specialtyMap(ref);
    const jobList: JobCard[] = page.map((j) => {
      const f = index.facilities.get(j.facilityId);
      return {
        jobId: j.id,
        profession: professionName,
        specialty: specialtyNames.get(j.specialtyId) ?? '',
        hospitalName: f?.name ?? '',
        hospitalCity: f?.city ?? '',
        hospitalState: f?.state ?? '',
        shift: j.shift,
        shiftCategory: j.shiftCategory,
        grade: j.grade,
        grossWeeklyPay: j.grossWeeklyPay,
        availablePositions: j.availablePositions,
        isAvailable: true,
        matchTypes: matchJob(j, criteria)!,
      };
    });
    return {
      jobList,
      jobCount: found.jobCount,
      positionCount: found.positionCount,
      page: c.page,
      pageSize: c.pageSize,
    };
  }

  private empty(c: SearchCriteria) {
    return { jobList: [], jobCount: 0, positionCount: 0, page: c.page, pageSize: c.pageSize };
  }

  /** GET jobsearch/jobDetails for an anonymous caller, as answer bytes kept per job (most recently used kept). */
  async anonymousDetails(jobId: number): Promise<AnswerBytes> {
    const hit = this.detailsCache.get(jobId);
    if (hit) return hit;
    const generation = this.generation;
    const details = await this.details(jobId, null);
    const entry: AnswerBytes = { body: JSON.stringify(z.encode(jobDetailsSchema, details)) };
    if (generation === this.generation) this.detailsCache.set(jobId, entry);
    return entry;
  }

  async details(jobId: number, userId: number | null): Promise<JobDetails> {
    const row = await repo.jobDetails(this.ctx.db, jobId, userId);
    if (!row) throw notFound('Job');
    const { job, facility } = row;
    return {
      jobId: job.id,
      externalId: job.externalId,
      profession: row.profession,
      specialty: row.specialty,
      grade: job.grade,
      shift: job.shift,
      shiftCategory: job.shiftCategory,
      isAvailable: job.isAvailable,
      favorited: Boolean(row.favorited),
      interested: Boolean(row.interested),
      availablePositions: job.availablePositions,
      duration: job.durationWeeks,
      startDate: job.startDate,
      createDateTime: new Date(job.createDateTime).toISOString(),
      description: job.description,
      grossWeeklyPay: job.grossWeeklyPay,
      ...pickJobPay(job),
      bonuses: job.bonuses,
      minimumRequirements: job.minimumRequirements,
      benefitsOfTrs: job.benefits,
      facility: {
        facilityName: facility.name,
        imageUrl: displayableImageUrl(facility.imageUrl, this.ctx.env.IMAGE_HOSTS),
        scrubColor: facility.scrubColor,
        bedCount: facility.bedCount,
        chartingSystems: facility.chartingSystems,
        traumaLevel: facility.traumaLevel,
        address1: facility.address1,
        address2: facility.address2,
        city: facility.city,
        state: row.state,
        zip: facility.zip,
        lat: facility.lat ?? job.lat,
        lng: facility.lng ?? job.lng,
      },
    };
  }

  async updateFavorite(userId: number, jobId: number, isFavorited: boolean) {
    const job = await repo.jobState(this.ctx.db, jobId);
    if (!job) throw notFound('Job');
    if (isFavorited) {
      if (!job.isAvailable) throw conflict('job_closed', 'This job has closed');
      await repo.addFavorite(this.ctx.db, userId, jobId);
    } else {
      await repo.removeFavorite(this.ctx.db, userId, jobId);
    }
    return { jobId, isFavorite: isFavorited };
  }

  async favorites(userId: number): Promise<FavoriteJobsResponse> {
    const rows = await repo.favoriteCards(this.ctx.db, userId);
    const cards = rows.map((r) => ({ ...r, matchTypes: null }));
    return { activeJobs: cards.filter((c) => c.isAvailable), archivedJobs: cards.filter((c) => !c.isAvailable) };
  }
}

/** One search service per app context: its index and caches are shared by every request. */
export const jobsService = memoize((ctx: AppContext) => new JobsService(ctx));
