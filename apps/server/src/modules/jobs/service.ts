import {
  criteriaKey,
  jobDetailsSchema,
  matchJob,
  matchLevel,
  normalizeSearchQuery,
  type FavoriteJobsResponse,
  type GeoCity,
  type JobDetails,
  type JobSearchQuery,
  type SearchCriteria,
  type SearchOptions,
  pickJobPay,
} from '@hcp/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import {
  boundedCache,
  memoize,
  putBack,
  setAsideEntries,
  type BoundedCache,
  type SetAsideEntry,
} from '../../lib/cache.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { referenceService, type CityRef, type ReferenceData } from '../reference-data/index.ts';
import { answerBytes, type AnswerBytes } from '../../lib/compression.ts';
import { onJobsChange } from './changes.ts';
import { searchAnswerText, type FacilityCard } from './answer-text.ts';
import * as repo from './repository.ts';
import { ProfessionIndex } from './search-index.ts';
import { displayableImageUrl } from '../../lib/image-hosts.ts';

/** Answers kept per normalised query; dropped whenever jobs change, and after a minute at most. */
const CACHE_ENTRIES = 2000;
/** Normalised queries remembered as asked once (their keys only), so that an answer is kept from its second ask. */
const ASKED_ONCE_ENTRIES = 20_000;
const DETAILS_CACHE_ENTRIES = 5000;
/**
 * A patch that wrote more of one profession's jobs than this (a first import, a large sync) drops that profession's
 * kept answers without checking them: testing each answer against thousands of jobs would cost more than searching
 * again for the ones asked again.
 */
const KEEP_CHECK_MAX_JOBS = 500;
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
  facilities: Map<number, FacilityCard>;
  loadedAt: number;
}

/** A search answer kept by normalised query, with the criteria it answers (a patch keeps the ones it cannot change). */
interface KeptSearch {
  criteria: SearchCriteria;
  answer: Promise<AnswerBytes>;
}

/** A URL's answer bytes (those of its normalised query, shared with it), with the criteria they answer. */
interface KeptUrl {
  criteria: SearchCriteria;
  answer: AnswerBytes;
}

/** The answer caches a patch set aside until it knows which of their answers the written jobs can change. */
interface SetAside {
  generation: number;
  searches: SetAsideEntry<string, KeptSearch>[];
  urls: SetAsideEntry<string, KeptUrl>[];
}

/**
 * The chosen states that exist and the chosen cities that exist with their radius; null when a location was asked
 * for and none of it exists (then no job can match). Unknown ids are ignored like malformed ones.
 */
function resolveLocation(ref: ReferenceData, c: SearchCriteria): { stateIds: number[]; cities: GeoCity[] } | null {
  const byId = cityMap(ref);
  const cities: GeoCity[] = [];
  for (const item of c.cities) {
    const city = byId.get(item.id);
    if (city) cities.push({ ...city, radius: item.radius });
  }
  const stateIds = c.stateIds.filter((id) => ref.states.some((s) => s.id === id));
  const askedLocation = c.stateIds.length > 0 || c.cities.length > 0;
  return askedLocation && !cities.length && !stateIds.length ? null : { stateIds, cities };
}

/** Whether two facility maps show the same name, city and state for every facility. */
function sameFacilityCards(a: Map<number, FacilityCard>, b: Map<number, FacilityCard>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, f] of a) {
    const g = b.get(id);
    if (!g || g.name !== f.name || g.city !== f.city || g.state !== f.state) return false;
  }
  return true;
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
  private readonly cache: BoundedCache<string, KeptSearch>;
  /** Raw request URL -> answer bytes, so a repeated URL skips validation and normalisation too. */
  private readonly urlCache: BoundedCache<string, KeptUrl>;
  /** Keys of normalised queries asked once and not kept (see `answerFor`). */
  private readonly askedOnce: BoundedCache<string, true>;
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
    this.askedOnce = boundedCache({ max: ASKED_ONCE_ENTRIES, maxAgeMs: this.maxAge });
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
   * those rows, the lists rebuilt without a full reload. Searches wait for it, so an answer after an import always
   * includes the import. The kept answers are set aside meanwhile (none is served), and those the written jobs
   * cannot change come back once the rows are known: an answer lists and counts only jobs that match its criteria,
   * so it stands when no written job matched them before the write or matches them after (and no facility's name or
   * place changed). A re-import that changes 1% of the jobs then keeps most answers instead of none.
   */
  private patch(jobIds: number[]): void {
    const current = this.index;
    if (!current) return this.invalidate();
    this.generation += 1;
    const aside: SetAside = {
      generation: this.generation,
      searches: setAsideEntries(this.cache),
      urls: setAsideEntries(this.urlCache),
    };
    this.cache.clear();
    this.urlCache.clear();
    this.detailsCache.clear();
    this.reloading = null;
    // An index still loading when the change came is of the old generation and gives up: load it anew instead.
    const next = current.then(
      async (idx) => {
        const [rows, facilityRows, ref] = await Promise.all([
          repo.searchIndexRowsByIds(this.ctx.db, jobIds),
          repo.facilityCardInfo(this.ctx.db),
          referenceService(this.ctx).get(),
        ]);
        const changed = new Set(jobIds);
        const byProfession = new Map(idx.byProfession);
        // The written jobs as they were (those the index held) and as they are now (those still available).
        const written: repo.Candidate[] = [...rows];
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
          let held = 0;
          for (const id of jobIds) {
            const at = pi.positionOf(id);
            if (at < 0) continue;
            held += 1;
            written.push(pi.jobs[at]!);
          }
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
        if (sameFacilityCards(idx.facilities, facilities)) this.keepUnchanged(aside, written, ref);
        return { byProfession, facilities, loadedAt: idx.loadedAt };
      },
      () => this.loadIndex(),
    );
    this.index = next;
    next.catch(() => {
      if (this.index === next) this.index = null;
    });
  }

  /**
   * Puts back the set-aside answers no written job (before or after its write) matches, unless jobs changed again
   * since (then the later change decides) or the query was answered anew meanwhile.
   */
  private keepUnchanged(aside: SetAside, written: readonly repo.Candidate[], ref: ReferenceData): void {
    if (aside.generation !== this.generation) return;
    const byProfession = new Map<number, repo.Candidate[]>();
    for (const j of written) {
      const list = byProfession.get(j.professionId);
      if (list) list.push(j);
      else byProfession.set(j.professionId, [j]);
    }
    const verdicts = new Map<string, boolean>();
    const stands = (key: string, c: SearchCriteria) => {
      let ok = verdicts.get(key);
      if (ok === undefined) {
        const location = resolveLocation(ref, c);
        const jobs = byProfession.get(c.disciplineId) ?? [];
        if (location === null) ok = true;
        else {
          const criteria = { ...c, ...location };
          ok = jobs.length <= KEEP_CHECK_MAX_JOBS && !jobs.some((j) => matchLevel(j, criteria) >= 0);
        }
        verdicts.set(key, ok);
      }
      return ok;
    };
    for (const entry of aside.searches) if (stands(entry.key, entry.value.criteria)) putBack(this.cache, entry);
    for (const entry of aside.urls)
      if (stands(criteriaKey(entry.value.criteria), entry.value.criteria)) putBack(this.urlCache, entry);
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
        return answerBytes(JSON.stringify(body));
      })
      .catch((e: unknown) => {
        this.optionsCache = null;
        throw e;
      });
    return this.optionsCache;
  }

  cachedByUrl(url: string): AnswerBytes | undefined {
    return this.urlCache.get(url)?.answer;
  }

  /**
   * GET jobsearch/jobs for a request URL: the kept answer bytes (kept for the URL too unless jobs changed while they
   * were made; their encodings fill in on use), or the JSON text of an answer not kept.
   */
  async searchForUrl(url: string, query: JobSearchQuery): Promise<AnswerBytes | string> {
    const generation = this.generation;
    const found = this.answerFor(normalizeSearchQuery(query));
    if (found instanceof Promise) return found;
    const bytes = await found.answer;
    if (generation === this.generation && url.length <= 4096)
      this.urlCache.set(url, { criteria: found.criteria, answer: bytes });
    return bytes;
  }

  /**
   * A search's answer by normalised query: the one kept, or made now, and kept from the query's second ask on (the
   * text of an answer not kept). Most searches are asked once (one visitor's filters, page and page size): keeping
   * every one filled the caches with answers never asked again, each of which the garbage collector then copied and
   * marked (under unique searches a tenth of the server's time, with pauses of 5-13 ms). Only the keys of queries
   * asked once are remembered.
   */
  private answerFor(criteria: SearchCriteria): KeptSearch | Promise<string> {
    const key = criteriaKey(criteria);
    const hit = this.cache.get(key);
    if (hit) return hit;
    if (!this.askedOnce.has(key)) {
      this.askedOnce.set(key, true);
      return this.search(criteria);
    }
    this.askedOnce.delete(key);
    const generation = this.generation;
    const entry: KeptSearch = { criteria, answer: this.search(criteria).then(answerBytes) };
    this.cache.set(key, entry);
    // An answer computed while jobs changed, or a failed one, is not kept.
    entry.answer.then(
      () => {
        if (generation !== this.generation && this.cache.peek(key) === entry) this.cache.delete(key);
      },
      () => {
        if (this.cache.peek(key) === entry) this.cache.delete(key);
      },
    );
    return entry;
  }

  /** A search's answer (JobResults) as JSON text. */
  async search(c: SearchCriteria): Promise<string> {
    const ref = await referenceService(this.ctx).get();
    const location = resolveLocation(ref, c);
    if (!location) return JSON.stringify(this.empty(c));
    const { stateIds, cities: chosen } = location;
    const index = await this.searchIndex();
    const criteria = { ...c, stateIds, cities: chosen };
    const found = index.byProfession.get(c.disciplineId)?.search({ criteria: c, stateIds, cities: chosen }) ?? {
      jobs: [],
      jobCount: 0,
      positionCount: 0,
    };
    // The cards come from the index and the reference data: a search answers without a database round trip.
    return searchAnswerText(
      found.jobs,
      {
        profession: ref.professions.find((p) => p.id === c.disciplineId)?.name ?? '',
        specialties: specialtyMap(ref),
        facilities: index.facilities,
        match: (j) => matchJob(j, criteria),
      },
      { jobCount: found.jobCount, positionCount: found.positionCount, page: c.page, pageSize: c.pageSize },
    );
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
    const entry = answerBytes(JSON.stringify(z.encode(jobDetailsSchema, details)));
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
