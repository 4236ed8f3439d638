import {
  CLOSE_RADIUS_FACTOR,
  compareJobs,
  criteriaKey,
  isAllExact,
  isWithinStartWindow,
  matchJob,
  normalizeSearchQuery,
  normalizeTimeOff,
  startDateWindow,
  type FavoriteJobsResponse,
  type GeoCity,
  type JobCard,
  type JobDetails,
  type JobSearchQuery,
  type MatchTypes,
  type SearchCriteria,
  type SearchOptions,
  type StartApplication,
  type TimeOffEntry,
} from '@hcp/contracts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { referenceService } from '../reference/routes.ts';
import type { CityRef, ReferenceData } from '../reference/service.ts';
import * as repo from './repository.ts';

/** Answers kept per normalised query; dropped whenever jobs change, and after a minute at most. */
const CACHE_ENTRIES = 2000;
/** Another process (an agency import) may change jobs without our event: both caches live at most this long. */
const MAX_AGE_MS = 60_000;

interface SearchIndex {
  byProfession: Map<number, repo.Candidate[]>;
  facilities: Map<number, { name: string; city: string; state: string }>;
  loadedAt: number;
}

const cityMaps = new WeakMap<ReferenceData, Map<number, CityRef>>();
function cityMap(ref: ReferenceData): Map<number, CityRef> {
  let m = cityMaps.get(ref);
  if (!m) {
    m = new Map(ref.cities.map((c) => [c.id, c]));
    cityMaps.set(ref, m);
  }
  return m;
}

const specialtyMaps = new WeakMap<ReferenceData, Map<number, string>>();
function specialtyMap(ref: ReferenceData): Map<number, string> {
  let m = specialtyMaps.get(ref);
  if (!m) {
    m = new Map(ref.specialties.map((s) => [s.id, s.name]));
    specialtyMaps.set(ref, m);
  }
  return m;
}

export class JobsService {
  private cache = new Map<string, { at: number; body: Promise<string> }>();
  private generation = 0;
  private optionsCache: Promise<string> | null = null;
  private index: Promise<SearchIndex> | null = null;
  private reloading: Promise<SearchIndex> | null = null;

  constructor(private readonly ctx: AppContext) {
    ctx.events.on('jobs.changed', () => this.invalidate());
  }

  invalidate(): void {
    this.generation += 1;
    this.cache.clear();
    this.optionsCache = null;
    this.index = null;
    this.reloading = null;
  }

  private loadIndex(): Promise<SearchIndex> {
    const generation = this.generation;
    return Promise.all([repo.searchIndexRows(this.ctx.db), repo.facilityCardInfo(this.ctx.db)]).then(([rows, facilityRows]) => {
      const byProfession = new Map<number, repo.Candidate[]>();
      for (const r of rows) {
        let list = byProfession.get(r.professionId);
        if (!list) byProfession.set(r.professionId, (list = []));
        list.push(r);
      }
      if (generation !== this.generation) throw new Error('stale search index');
      const facilities = new Map(facilityRows.map((f) => [f.id, { name: f.name, city: f.city, state: f.state }]));
      return { byProfession, facilities, loadedAt: Date.now() };
    });
  }

  /**
   * The in-memory search index: the few columns of every available job, grouped by profession. Loaded with one
   * query, dropped when jobs change, refreshed in the background after MAX_AGE_MS (the old one answers meanwhile).
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
    const current = this.index;
    void current.then((idx) => {
      if (Date.now() - idx.loadedAt > MAX_AGE_MS && !this.reloading) {
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
    }, () => {});
    return current;
  }

  /** GET jobsearch/SearchOptions as JSON text (reference data only changes with a deploy or seed). */
  searchOptionsJson(): Promise<string> {
    this.optionsCache ??= referenceService(this.ctx)
      .get()
      .then((ref) => {
        const body: SearchOptions = {
          disciplines: ref.professions,
          specialties: ref.specialties,
          states: ref.states,
          cities: ref.cities.map((c) => ({ id: String(c.id), name: c.name, stateAbbreviation: c.stateAbbreviation })),
        };
        return JSON.stringify(body);
      })
      .catch((e: unknown) => {
        this.optionsCache = null;
        throw e;
      });
    return this.optionsCache;
  }

  /** GET jobsearch/jobs as JSON text, from the response cache when the same normalised query was answered. */
  searchJson(query: JobSearchQuery): Promise<string> {
    const criteria = normalizeSearchQuery(query);
    const key = criteriaKey(criteria);
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at <= MAX_AGE_MS) {
      // Most recently used last.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit.body;
    }
    this.cache.delete(key);
    const generation = this.generation;
    const p = this.search(criteria).then((r) => JSON.stringify(r));
    const entry = { at: Date.now(), body: p };
    this.cache.set(key, entry);
    p.then(
      () => {
        if (generation !== this.generation && this.cache.get(key) === entry) this.cache.delete(key);
      },
      () => {
        if (this.cache.get(key) === entry) this.cache.delete(key);
      },
    );
    if (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
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
    // Cheap bounding boxes (widened to the close-match radius) rule out most jobs before the great-circle distance.
    const boxes = chosen.map((city) => {
      const miles = city.radius * CLOSE_RADIUS_FACTOR + 1;
      const dLat = miles / 69;
      const dLng = miles / (69 * Math.max(0.05, Math.cos((city.lat * Math.PI) / 180)));
      return { minLat: city.lat - dLat, maxLat: city.lat + dLat, minLng: city.lng - dLng, maxLng: city.lng + dLng };
    });
    const stateSet = new Set(stateIds);
    const specialtySet = c.specialtyIds.length ? new Set(c.specialtyIds) : null;
    const index = await this.searchIndex();
    const list = index.byProfession.get(c.disciplineId) ?? [];
    const criteria = { ...c, stateIds, cities: chosen };
    const hasLocation = stateIds.length > 0 || chosen.length > 0;
    const matched: { id: number; grade: number | null; pay: number; shifts: number; m: MatchTypes; j: repo.Candidate }[] = [];
    let positionCount = 0;
    for (const j of list) {
      if (specialtySet && !specialtySet.has(j.specialtyId)) continue;
      if (hasLocation && !stateSet.has(j.stateId)) {
        if (j.lat === null || j.lng === null) continue;
        const lat = j.lat;
        const lng = j.lng;
        if (!boxes.some((b) => lat >= b.minLat && lat <= b.maxLat && lng >= b.minLng && lng <= b.maxLng)) continue;
      }
      const m = matchJob(j, criteria);
      if (!m) continue;
      positionCount += j.availablePositions;
      matched.push({ id: j.id, grade: j.grade, pay: j.grossWeeklyPay, shifts: j.shiftsPerWeek, m, j });
    }
    const cmp = compareJobs(c.sortBy);
    const sortable = matched.map((x) => ({ jobId: x.id, grade: x.grade, grossWeeklyPay: x.pay, shiftsPerWeek: x.shifts, allExact: isAllExact(x.m), x }));
    sortable.sort(cmp);
    const start = (c.page - 1) * c.pageSize;
    const page = sortable.slice(start, start + c.pageSize);
    // The cards come from the index and the reference data: a search answers without a database round trip.
    const professionName = ref.professions.find((p) => p.id === c.disciplineId)?.name ?? '';
    const specialtyNames = specialtyMap(ref);
    const jobList: JobCard[] = page.map(({ x }) => {
      const f = index.facilities.get(x.j.facilityId);
      return {
        jobId: x.id,
        profession: professionName,
        specialty: specialtyNames.get(x.j.specialtyId) ?? '',
        hospitalName: f?.name ?? '',
        hospitalCity: f?.city ?? '',
        hospitalState: f?.state ?? '',
        shift: x.j.shift,
        shiftCategory: x.j.shiftCategory,
        grade: x.j.grade,
        grossWeeklyPay: x.pay,
        availablePositions: x.j.availablePositions,
        isAvailable: true,
        matchTypes: x.m,
      };
    });
    return { jobList, jobCount: matched.length, positionCount, page: c.page, pageSize: c.pageSize };
  }

  private empty(c: SearchCriteria) {
    return { jobList: [], jobCount: 0, positionCount: 0, page: c.page, pageSize: c.pageSize };
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
      hourlyRate: job.hourlyRate,
      onCallRate: job.onCallRate,
      premiumRate: job.premiumRate,
      overTimeRate: job.overTimeRate,
      caliOverTimeRate1: job.caliOverTimeRate1,
      caliOverTimeRate2: job.caliOverTimeRate2,
      callBackRate: job.callBackRate,
      weeklyMeals: job.weeklyMeals,
      weeklyLodging: job.weeklyLodging,
      regularPayHours: job.regularPayHours,
      regularPayPerWeek: job.regularPayPerWeek,
      premiumPayHours: job.premiumPayHours,
      premiumPayPerWeek: job.premiumPayPerWeek,
      caliOvertimePayHours1: job.caliOvertimePayHours1,
      caliOvertimePayPerWeek1: job.caliOvertimePayPerWeek1,
      caliOvertimePayHours2: job.caliOvertimePayHours2,
      caliOvertimePayPerWeek2: job.caliOvertimePayPerWeek2,
      overtimePayHours: job.overtimePayHours,
      overtimePayPerWeek: job.overtimePayPerWeek,
      bonuses: job.bonuses,
      minimumRequirements: job.minimumRequirements,
      benefitsOfTrs: job.benefits,
      facility: {
        facilityName: facility.name,
        imageUrl: facility.imageUrl,
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

  async startApplication(userId: number, body: StartApplication) {
    const job = await repo.jobState(this.ctx.db, body.jobId);
    if (!job) throw notFound('Job');
    const complete = await repo.applicationComplete(this.ctx.db, userId);
    if (!complete) {
      throw new AppError(403, 'application_incomplete', 'Please complete your application before applying for jobs.');
    }
    if (!job.isAvailable) throw conflict('job_closed', 'This job has closed');
    // The window is checked against the server's calendar date, with one day of slack on each side for
    // clinicians whose local date differs from UTC.
    const today = this.ctx.now().toISOString().slice(0, 10);
    const inWindow = [-1, 0, 1].some((shift) => isWithinStartWindow(body.desiredStartDate, shiftIso(today, shift)));
    if (!inWindow) {
      const w = startDateWindow(today);
      throw badRequest(
        `The desired start date must be between ${fmt(w.min)} and ${fmt(w.max)}.`,
        'desiredStartDate',
        'start_date_out_of_window',
      );
    }
    const timeOff: TimeOffEntry[] = normalizeTimeOff(body.requestedTimeOff ?? []);
    for (const t of timeOff) {
      if (t.fromDate && !validIso(t.fromDate)) throw badRequest('Requested time off has an invalid date.', 'requestedTimeOff');
      if (t.toDate && !validIso(t.toDate)) throw badRequest('Requested time off has an invalid date.', 'requestedTimeOff');
      if (t.fromDate && t.toDate && t.toDate < t.fromDate) {
        throw badRequest('A time-off end date must be on or after its start date.', 'requestedTimeOff');
      }
    }
    if (!validIso(body.desiredStartDate)) throw badRequest('The desired start date is not a valid date.', 'desiredStartDate');
    await repo.insertSubmission(this.ctx.db, {
      userId,
      jobId: body.jobId,
      isInterested: true,
      desiredStartDate: body.desiredStartDate,
      otherRequests: body.otherRequests || null,
      bestContactTime: body.bestContactTime || null,
      requestedTimeOff: timeOff,
      status: 'submitted',
    });
    return { jobId: body.jobId, isInterested: true };
  }
}

function shiftIso(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
function validIso(iso: string): boolean {
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
}
function fmt(iso: string): string {
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

const services = new WeakMap<AppContext, JobsService>();
export function jobsService(ctx: AppContext): JobsService {
  let s = services.get(ctx);
  if (!s) {
    s = new JobsService(ctx);
    services.set(ctx, s);
  }
  return s;
}
