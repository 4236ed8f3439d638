import {
  CLOSE_RADIUS_FACTOR,
  distanceMiles,
  haversineTermOfMiles,
  sortKeyOf,
  type GeoCity,
  type SearchCriteria,
  type SortKey,
} from '@hcp/contracts';
import type { Candidate } from './repository.ts';

/**
 * Rough relative costs that choose how a search is answered: reading one position of a sort's order (checking the
 * job as it is read) against visiting one chosen job, and against one step of sorting the matches.
 */
const READS_PER_VISIT = 4;
const SORT_PER_READ = 3;

/** Numbers per job in a cell's points: latitude, longitude, and the point on the unit sphere (x, y, z). */
const POINT_STRIDE = 5;

/** Positions are packed below the sort key in one float64 (keys stay under 2^31, so 2^21 positions fit). */
const POSITION_SPAN = 2 ** 21;

/** A job's latitude and longitude as the columns hold them: NaN without coordinates (every comparison is false). */
const latOf = (j: Candidate) => (j.lat === null || j.lng === null ? Number.NaN : j.lat);
const lngOf = (j: Candidate) => (j.lat === null || j.lng === null ? Number.NaN : j.lng);

const TO_RAD = Math.PI / 180;

/** Writes the point of a latitude and longitude (degrees) on the unit sphere at `at` (NaN without coordinates). */
function writeUnit(out: Float64Array, at: number, lat: number, lng: number): void {
  const cosLat = Math.cos(lat * TO_RAD);
  out[at] = cosLat * Math.cos(lng * TO_RAD);
  out[at + 1] = cosLat * Math.sin(lng * TO_RAD);
  out[at + 2] = Math.sin(lat * TO_RAD);
}

/** Copies job `i`'s latitude, longitude and unit-sphere point from the columns to the `k`th place of `points`. */
function writePoint(
  points: Float64Array,
  k: number,
  columns: { readonly lat: Float64Array; readonly lng: Float64Array; readonly unit: Float64Array },
  i: number,
): void {
  const o = k * POINT_STRIDE;
  points[o] = columns.lat[i]!;
  points[o + 1] = columns.lng[i]!;
  points[o + 2] = columns.unit[i * 3]!;
  points[o + 3] = columns.unit[i * 3 + 1]!;
  points[o + 4] = columns.unit[i * 3 + 2]!;
}

/** Jobs and openings of one shift category and number of shifts per week. */
interface ShiftGroup {
  jobs: number;
  openings: number;
  category: number;
  shifts: number;
}
/** Shift groups by groupKey. */
type ShiftGroups = Map<number, ShiftGroup>;

/** The jobs and openings counted by shift category and shifts per week: `sign` 1 adds the job, -1 takes it out. */
function countShifts(byShifts: ShiftGroups, j: Candidate, sign: 1 | -1): void {
  const key = groupKey(j.shiftCategory, j.shiftsPerWeek);
  const group = byShifts.get(key) ?? { jobs: 0, openings: 0, category: j.shiftCategory, shifts: j.shiftsPerWeek };
  group.jobs += sign;
  group.openings += sign * j.availablePositions;
  if (group.jobs === 0) byShifts.delete(key);
  else byShifts.set(key, group);
}

/** The same counts kept apart for each value of one column (a specialty, a state). */
function countShiftsOf(by: Map<number, ShiftGroups>, key: number, j: Candidate, sign: 1 | -1): void {
  const groups = by.get(key) ?? new Map<number, ShiftGroup>();
  countShifts(groups, j, sign);
  by.set(key, groups);
}

const copyGroups = (groups: ShiftGroups): ShiftGroups => new Map([...groups].map(([k, g]) => [k, { ...g }]));

/** What a search asks of one profession's jobs, resolved against the reference data. */
export interface IndexQuery {
  criteria: SearchCriteria;
  /** The chosen states that exist. */
  stateIds: readonly number[];
  /** The chosen cities that exist, with their radius. */
  cities: readonly GeoCity[];
}

/** One page of a search: the jobs in answer order, and the counts over every matching job. */
export interface IndexPage {
  jobs: Candidate[];
  jobCount: number;
  positionCount: number;
}

/** One sort's order of a profession's jobs: positions in answer order, and each position's rank in it. */
interface Order {
  positions: Int32Array;
  rank: Int32Array;
}

/**
 * The available jobs of one profession as columns (typed arrays, in job id order) for the match rules, the four
 * sort orders made once per index (not per search), and the jobs themselves for the cards of a page.
 *
 * A search by specialties alone or states alone (or neither) counts from the jobs and openings kept per specialty
 * and per state by shift category and shifts per week, and reads its page off the sort's order, each job checked
 * as it is read. Any other search (cities, or specialties and states together) is two passes without allocation
 * per job: the match level of every job it can match (the chosen specialties' jobs, or those in the chosen states
 * and the cities' boxes, whichever are fewer; the radii by haversine terms, see CityRings) into a byte per job,
 * counting jobs and openings as it goes; then the page, by sorting the few matches or by reading the sort's order
 * (exact matches first for the preference sort), whichever reads less.
 * The match rules are those of `matchLevel` in @hcp/contracts with the bounding boxes the search has always used to
 * rule out far jobs first; the order is `sortKeyOf` with ties in job id order (search-index.test.ts checks both
 * against the contracts' matchJob and compareJobs).
 */
export class ProfessionIndex {
  readonly jobs: Candidate[];
  readonly size: number;
  private readonly specialty: Int32Array;
  private readonly state: Int32Array;
  private readonly lat: Float64Array;
  private readonly lng: Float64Array;
  /** Each job's point on the unit sphere (x, y, z): its distance to a city is a dot product (see CityRings). */
  private readonly unit: Float64Array;
  private readonly shifts: Int32Array;
  private readonly category: Int32Array;
  private readonly openings: Int32Array;
  /** Positions of each specialty's jobs, in id order. */
  private readonly bySpecialty: Map<number, Int32Array>;
  /** Positions of each state's jobs. */
  private readonly byState: Map<number, Int32Array>;
  /** Positions of the jobs with coordinates in each one-degree cell (gridCell), for the cities' boxes. */
  private readonly byCell: Map<number, Int32Array>;
  /**
   * The same jobs' coordinates, side by side in the order of byCell (POINT_STRIDE numbers each: latitude,
   * longitude, then the unit-sphere point): a city's search reads its cells' jobs from consecutive memory and looks
   * at a job's other columns only once it is within a radius. (Reading the columns at each job's position had made
   * a search with cities mostly waiting on memory.)
   */
  private readonly cellPoints: Map<number, Float64Array>;
  /**
   * Jobs and openings by shift category and shifts per week (groupKey), for each specialty and each state: the
   * counts of a search by specialties alone or states alone, and (all states together) of one without either.
   */
  private readonly specialtyShifts = new Map<number, ShiftGroups>();
  private readonly stateShifts = new Map<number, ShiftGroups>();
  /** The largest specialty and state ids here (the size of a table by id). */
  private readonly maxSpecialty: number = 0;
  private readonly maxState: number = 0;
  private readonly orders = new Map<SortKey, Order>();
  /** Match level per position during one search (0 none, 1 exact, 2 close): searches run one at a time. */
  private readonly levels: Uint8Array;

  /** `jobs`: one profession's available jobs in id order. */
  constructor(jobs: Candidate[]) {
    const n = jobs.length;
    this.jobs = jobs;
    this.size = n;
    this.specialty = new Int32Array(n);
    this.state = new Int32Array(n);
    this.lat = new Float64Array(n);
    this.lng = new Float64Array(n);
    this.unit = new Float64Array(n * 3);
    this.shifts = new Int32Array(n);
    this.category = new Int32Array(n);
    this.openings = new Int32Array(n);
    this.levels = new Uint8Array(n);
    const specialties = new Map<number, number[]>();
    const states = new Map<number, number[]>();
    const cells = new Map<number, number[]>();
    const add = (m: Map<number, number[]>, key: number, i: number) => {
      const g = m.get(key);
      if (g) g.push(i);
      else m.set(key, [i]);
    };
    for (let i = 0; i < n; i++) {
      const j = jobs[i]!;
      this.specialty[i] = j.specialtyId;
      this.state[i] = j.stateId;
      this.lat[i] = latOf(j);
      this.lng[i] = lngOf(j);
      writeUnit(this.unit, i * 3, latOf(j), lngOf(j));
      this.shifts[i] = j.shiftsPerWeek;
      this.category[i] = j.shiftCategory;
      this.openings[i] = j.availablePositions;
      add(specialties, j.specialtyId, i);
      add(states, j.stateId, i);
      if (j.lat !== null && j.lng !== null) add(cells, gridCell(j.lat, j.lng), i);
      countShiftsOf(this.specialtyShifts, j.specialtyId, j, 1);
      countShiftsOf(this.stateShifts, j.stateId, j, 1);
      this.maxSpecialty = Math.max(this.maxSpecialty, j.specialtyId);
      this.maxState = Math.max(this.maxState, j.stateId);
    }
    const typed = (m: Map<number, number[]>) => new Map([...m].map(([k, g]) => [k, Int32Array.from(g)]));
    this.bySpecialty = typed(specialties);
    this.byState = typed(states);
    this.byCell = typed(cells);
    this.cellPoints = new Map();
    for (const [cell, group] of this.byCell) {
      const points = new Float64Array(group.length * POINT_STRIDE);
      group.forEach((i, k) => writePoint(points, k, { lat: this.lat, lng: this.lng, unit: this.unit }, i));
      this.cellPoints.set(cell, points);
    }
  }

  /** The position of job `id` (jobs are in id order), or -1. */
  positionOf(id: number): number {
    let lo = 0;
    let hi = this.size - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.jobs[mid]!.id;
      if (at === id) return mid;
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /**
   * This index with some of its jobs written again (same ids, still of this profession), or null when a written job
   * is not here or moved to another specialty, state or map cell (then the caller builds the index anew). The columns
   * are copied and patched at the written positions, the position lists are shared, and each sort order is kept
   * unless a written job's key in it changed: a feed re-import that changes openings and descriptions costs a copy
   * of the columns instead of a rebuild and four sorts of 60,000 jobs.
   */
  withUpdates(rows: readonly Candidate[]): ProfessionIndex | null {
    const cellOf = (j: Candidate) => (j.lat === null || j.lng === null ? null : gridCell(j.lat, j.lng));
    const positions: number[] = [];
    for (const r of rows) {
      const at = this.positionOf(r.id);
      if (at < 0) return null;
      const old = this.jobs[at]!;
      if (old.specialtyId !== r.specialtyId || old.stateId !== r.stateId || cellOf(old) !== cellOf(r)) return null;
      positions.push(at);
    }
    const next = Object.create(ProfessionIndex.prototype) as ProfessionIndex;
    const jobs = this.jobs.slice();
    const lat = this.lat.slice();
    const lng = this.lng.slice();
    const unit = this.unit.slice();
    const shifts = this.shifts.slice();
    const category = this.category.slice();
    const openings = this.openings.slice();
    // A written job keeps its specialty and state: only the groups it is in are copied before they change.
    const specialtyShifts = new Map(this.specialtyShifts);
    const stateShifts = new Map(this.stateShifts);
    const copied = new Set<ShiftGroups>();
    const writable = (by: Map<number, ShiftGroups>, key: number) => {
      let groups = by.get(key)!;
      if (!copied.has(groups)) {
        groups = copyGroups(groups);
        copied.add(groups);
        by.set(key, groups);
      }
      return groups;
    };
    const keptOrders = new Set(this.orders.keys());
    rows.forEach((r, k) => {
      const i = positions[k]!;
      const old = jobs[i]!;
      jobs[i] = r;
      lat[i] = latOf(r);
      lng[i] = lngOf(r);
      writeUnit(unit, i * 3, latOf(r), lngOf(r));
      shifts[i] = r.shiftsPerWeek;
      category[i] = r.shiftCategory;
      openings[i] = r.availablePositions;
      for (const [by, key] of [
        [specialtyShifts, r.specialtyId],
        [stateShifts, r.stateId],
      ] as const) {
        const groups = writable(by, key);
        countShifts(groups, old, -1);
        countShifts(groups, r, 1);
      }
      for (const sort of keptOrders)
        if (sortKeyOf(sort, { allExact: true, ...old }) !== sortKeyOf(sort, { allExact: true, ...r }))
          keptOrders.delete(sort);
    });
    const orders = new Map([...keptOrders].map((sort) => [sort, this.orders.get(sort)!]));
    // The written jobs' cells (the same cells as before) get their points copied and written again.
    const cellPoints = new Map(this.cellPoints);
    const copiedCells = new Set<number>();
    rows.forEach((r, k) => {
      if (r.lat === null || r.lng === null) return;
      const cell = gridCell(r.lat, r.lng);
      let points = cellPoints.get(cell)!;
      if (!copiedCells.has(cell)) {
        points = points.slice();
        copiedCells.add(cell);
        cellPoints.set(cell, points);
      }
      const i = positions[k]!;
      writePoint(points, indexIn(this.byCell.get(cell)!, i), { lat, lng, unit }, i);
    });
    return Object.assign(next, {
      jobs,
      size: this.size,
      specialty: this.specialty,
      state: this.state,
      lat,
      lng,
      unit,
      shifts,
      category,
      openings,
      bySpecialty: this.bySpecialty,
      byState: this.byState,
      byCell: this.byCell,
      cellPoints,
      specialtyShifts,
      stateShifts,
      maxSpecialty: this.maxSpecialty,
      maxState: this.maxState,
      orders,
      levels: new Uint8Array(this.size),
    });
  }

  /** A sort's order, made on first use after each change of the jobs (most searches use the default sort). */
  private order(sort: SortKey): Order {
    let o = this.orders.get(sort);
    if (o) return o;
    const n = this.size;
    const positions = new Int32Array(n);
    const rank = new Int32Array(n);
    if (n < POSITION_SPAN) {
      // The preference key of an all-exact match: close matches keep the same order among themselves, after them.
      const combined = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const j = this.jobs[i]!;
        const key = sortKeyOf(sort, {
          allExact: true,
          grade: j.grade,
          grossWeeklyPay: j.grossWeeklyPay,
          shiftsPerWeek: j.shiftsPerWeek,
        });
        combined[i] = key * POSITION_SPAN + i;
      }
      combined.sort();
      for (let r = 0; r < n; r++) positions[r] = combined[r]! % POSITION_SPAN;
    } else {
      const keys = this.jobs.map((j) =>
        sortKeyOf(sort, {
          allExact: true,
          grade: j.grade,
          grossWeeklyPay: j.grossWeeklyPay,
          shiftsPerWeek: j.shiftsPerWeek,
        }),
      );
      const all = Array.from({ length: n }, (_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
      positions.set(all);
    }
    for (let r = 0; r < n; r++) rank[positions[r]!] = r;
    o = { positions, rank };
    this.orders.set(sort, o);
    return o;
  }

  /** The cells the boxes overlap; null when they are too many to be worth it (then every job is visited). */
  private cellsOf(boxes: Float64Array): Set<number> | null {
    const cells = new Set<number>();
    for (let b = 0; b < boxes.length; b += 4) {
      const lat0 = Math.floor(boxes[b]!);
      const lat1 = Math.floor(boxes[b + 1]!);
      const lng0 = Math.floor(boxes[b + 2]!);
      const lng1 = Math.floor(boxes[b + 3]!);
      if ((lat1 - lat0 + 1) * (lng1 - lng0 + 1) > 4096) return null;
      for (let lat = lat0; lat <= lat1; lat++) for (let lng = lng0; lng <= lng1; lng++) cells.add(gridCell(lat, lng));
    }
    return cells;
  }

  /**
   * A search by specialties alone, by states alone, or by neither: the counts come from the jobs grouped by shift
   * category and shifts per week (the profession's groups, or each chosen specialty's or state's), and the page is
   * read off the sort's order, each job checked as it is read. Null when the chosen jobs are so few among the
   * profession's that reading the order for a page of them would cost more than visiting them (`search` does).
   */
  private grouped(
    c: SearchCriteria,
    tables: readonly ShiftGroups[],
    member: ((i: number) => boolean) | null,
    chosenJobs: number,
  ): IndexPage | null {
    const shiftCategory = c.shiftCategoryId;
    const numberOfShifts = c.numberOfShifts !== null && c.numberOfShifts > 0 ? c.numberOfShifts : 0;
    const excluded = (category: number) =>
      (shiftCategory === 1 && category === 2) || (shiftCategory === 2 && category === 1);
    let jobCount = 0;
    let exactCount = 0;
    let positionCount = 0;
    for (const groups of tables)
      for (const g of groups.values()) {
        if (excluded(g.category)) continue;
        jobCount += g.jobs;
        positionCount += g.openings;
        if (numberOfShifts === 0 || g.shifts === numberOfShifts) exactCount += g.jobs;
      }
    const start = (c.page - 1) * c.pageSize;
    const end = Math.min(jobCount, start + c.pageSize);
    const page: Candidate[] = [];
    if (start >= end) return { jobs: page, jobCount, positionCount };
    // About end / (jobCount / size) positions are read to fill the page.
    if (member && (end * this.size) / jobCount > READS_PER_VISIT * chosenJobs) return null;
    const preference = c.sortBy !== 'pay' && c.sortBy !== 'shiftsDesc' && c.sortBy !== 'shiftsAsc';
    const { positions } = this.order(preference ? 'preference' : c.sortBy);
    const levelOf = (i: number) =>
      (member && !member(i)) || excluded(this.category[i]!)
        ? 0
        : numberOfShifts !== 0 && this.shifts[i] !== numberOfShifts
          ? 2
          : 1;
    this.readPage(page, positions, levelOf, { start, end, preference, exactCount });
    return { jobs: page, jobCount, positionCount };
  }

  /**
   * Reads a page off a sort's order, each job's match level (0 no match, 1 exact, 2 close) asked as it is read:
   * exact matches first, then close ones (the preference sort), or any match in the order.
   */
  private readPage(
    page: Candidate[],
    positions: ArrayLike<number>,
    levelOf: (i: number) => number,
    at: { start: number; end: number; preference: boolean; exactCount: number },
  ): void {
    let seen = 0;
    // want: 0 any match, 1 exact only, 2 close only; reading stops at the `upTo`th match of its kind.
    const take = (want: number, upTo: number) => {
      for (let r = 0; r < this.size && seen < upTo; r++) {
        const i = positions[r]!;
        const level = levelOf(i);
        if (level === 0 || (want !== 0 && level !== want)) continue;
        if (seen >= at.start) page.push(this.jobs[i]!);
        seen += 1;
      }
    };
    if (at.preference) {
      // The exact matches are counted: reading for them stops at the last one instead of the end of the order.
      if (at.start < at.exactCount) take(1, Math.min(at.end, at.exactCount));
      seen = at.exactCount;
      if (at.end > at.exactCount) take(2, at.end);
    } else take(0, at.end);
  }

  search(q: IndexQuery): IndexPage {
    const c = q.criteria;
    const states = new Set(q.stateIds);
    const cities = q.cities;
    const hasLocation = states.size > 0 || cities.length > 0;
    if (!hasLocation && c.specialtyIds.length === 0)
      return this.grouped(c, [...this.stateShifts.values()], null, this.size)!;
    if (cities.length === 0 && (states.size === 0 || c.specialtyIds.length === 0)) {
      // One column chosen (a job has one specialty and one state, so the chosen values' groups do not overlap).
      const bySpecialty = states.size === 0;
      const chosen = bySpecialty ? new Set(c.specialtyIds) : states;
      const tables: ShiftGroups[] = [];
      let chosenJobs = 0;
      for (const id of chosen) {
        const groups = (bySpecialty ? this.specialtyShifts : this.stateShifts).get(id);
        if (groups) tables.push(groups);
        chosenJobs += (bySpecialty ? this.bySpecialty : this.byState).get(id)?.length ?? 0;
      }
      // Whether a job is chosen, by its value in the column.
      const column = bySpecialty ? this.specialty : this.state;
      const isChosen = table(chosen, bySpecialty ? this.maxSpecialty : this.maxState);
      const member = (i: number) => isChosen(column[i]!);
      const found = this.grouped(c, tables, member, chosenJobs);
      if (found) return found;
    }
    const levels = this.levels;
    levels.fill(0);
    // Cheap bounding boxes (widened to the close-match radius) rule out most jobs before the great-circle distance.
    const boxes = new Float64Array(cities.length * 4);
    cities.forEach((city, k) => {
      const miles = city.radius * CLOSE_RADIUS_FACTOR + 1;
      const dLat = miles / 69;
      const dLng = miles / (69 * Math.max(0.05, Math.cos((city.lat * Math.PI) / 180)));
      boxes.set([city.lat - dLat, city.lat + dLat, city.lng - dLng, city.lng + dLng], k * 4);
    });
    const rings = new CityRings(cities);
    const shiftCategory = c.shiftCategoryId;
    const numberOfShifts = c.numberOfShifts !== null && c.numberOfShifts > 0 ? c.numberOfShifts : 0;
    let jobCount = 0;
    let exactCount = 0;
    let positionCount = 0;
    let matched: number[] | null = [];
    // Few matches are ordered by their ranks; many are read off the order (no list of them is kept).
    const fewUpTo = this.size >> 4;

    // Only the jobs that can match are visited: those of the chosen specialties, or those in a chosen state or in
    // a city's box (the cells the box overlaps), whichever are fewer; every other job would fail the same checks.
    const cellsOfBoxes = hasLocation ? this.cellsOf(boxes) : null;
    const bySpecialtySize = c.specialtyIds.length > 0 ? sumLengths(this.bySpecialty, c.specialtyIds) : Infinity;
    const byLocationSize = cellsOfBoxes
      ? sumLengths(this.byState, states) + sumLengths(this.byCell, cellsOfBoxes)
      : hasLocation
        ? this.size
        : Infinity;
    const fromLocation = byLocationSize < bySpecialtySize;
    // Visiting by location, each job's specialty is checked against the chosen ones (by value, as for states).
    const specialtyChosen = fromLocation && c.specialtyIds.length > 0 ? table(c.specialtyIds, this.maxSpecialty) : null;
    const stateChosen = table(states, this.maxState);
    const anyState = states.size > 0;

    const inBoxes = (lat: number, lng: number) => {
      for (let b = 0; b < boxes.length; b += 4)
        if (lat >= boxes[b]! && lat <= boxes[b + 1]! && lng >= boxes[b + 2]! && lng <= boxes[b + 3]!) return true;
      return false;
    };

    /**
     * Job `i`, its place against the cities' radii known (`ring`) or to be found (UNPLACED): matched or not. A job
     * in a chosen state matches wherever it lies.
     */
    const visit = (i: number, ring: number = UNPLACED) => {
      // A job can lie in a chosen state and in a city's box: counted once.
      if (levels[i] !== 0) return;
      if (specialtyChosen && !specialtyChosen(this.specialty[i]!)) return;
      const cat = this.category[i]!;
      if ((shiftCategory === 1 && cat === 2) || (shiftCategory === 2 && cat === 1)) return;
      let close = numberOfShifts !== 0 && this.shifts[i] !== numberOfShifts;
      if (hasLocation && !(anyState && stateChosen(this.state[i]!))) {
        if (ring === UNPLACED) {
          const lat = this.lat[i]!;
          const lng = this.lng[i]!;
          if (lat !== lat || !inBoxes(lat, lng)) return;
          ring = rings.place(lat, lng, this.unit, i * 3);
        }
        if (ring === OUTSIDE) return;
        if (ring === NEAR) close = true;
      }
      levels[i] = close ? 2 : 1;
      jobCount += 1;
      if (!close) exactCount += 1;
      positionCount += this.openings[i]!;
      if (matched) {
        if (matched.length < fewUpTo) matched.push(i);
        else matched = null;
      }
    };

    const visitAll = (group: Int32Array | undefined) => {
      if (group) for (let k = 0; k < group.length; k++) visit(group[k]!);
    };
    if (fromLocation && cellsOfBoxes) {
      for (const id of states) visitAll(this.byState.get(id));
      // A cell's jobs are placed from its points first; only those within a radius are visited.
      for (const cell of cellsOfBoxes) {
        const group = this.byCell.get(cell);
        if (!group) continue;
        const points = this.cellPoints.get(cell)!;
        for (let k = 0, o = 0; k < group.length; k++, o += POINT_STRIDE) {
          const lat = points[o]!;
          const lng = points[o + 1]!;
          if (!inBoxes(lat, lng)) continue;
          const ring = rings.place(lat, lng, points, o + 2);
          if (ring !== OUTSIDE) visit(group[k]!, ring);
        }
      }
    } else if (c.specialtyIds.length > 0) for (const id of c.specialtyIds) visitAll(this.bySpecialty.get(id));
    else for (let i = 0; i < this.size; i++) visit(i);

    const start = (c.page - 1) * c.pageSize;
    const end = Math.min(jobCount, start + c.pageSize);
    const page: Candidate[] = [];
    if (start >= end) return { jobs: page, jobCount, positionCount };
    const preference = c.sortBy !== 'pay' && c.sortBy !== 'shiftsDesc' && c.sortBy !== 'shiftsAsc';
    const { positions, rank } = this.order(preference ? 'preference' : c.sortBy);
    // Sorting the matches costs about m log m; reading the order about end / (jobCount / size) positions.
    if (matched && (end * this.size) / jobCount > SORT_PER_READ * matched.length * Math.log2(matched.length + 2)) {
      // The answer order: (close after exact, for the preference sort) then the position in the sort's order.
      const keys = new Float64Array(matched.length);
      for (let k = 0; k < matched.length; k++) {
        const i = matched[k]!;
        keys[k] = (preference && levels[i] === 2 ? this.size : 0) + rank[i]!;
      }
      keys.sort();
      for (let k = start; k < end; k++) {
        const r = keys[k]!;
        page.push(this.jobs[positions[r >= this.size ? r - this.size : r]!]!);
      }
      return { jobs: page, jobCount, positionCount };
    }
    // Read the order until the page is full.
    this.readPage(page, positions, (i) => levels[i]!, { start, end, preference, exactCount });
    return { jobs: page, jobCount, positionCount };
  }
}

/** Where a point lies against the chosen cities: within a radius, within a close-match radius only, or neither. */
const WITHIN = 2;
const NEAR = 1;
const OUTSIDE = 0;
/** Not placed yet. */
const UNPLACED = -1;

/**
 * How far either side of a radius's haversine term a point is decided by the great-circle distance itself: a
 * relative hair, and never less than an absolute one (the term from a dot product is good to about 1e-15, which is
 * more than a relative hair of a radius of a few miles).
 */
const TERM_MARGIN = 1e-9;
const TERM_MARGIN_ABSOLUTE = 1e-12;
const marginOf = (term: number) => Math.max(term * TERM_MARGIN, TERM_MARGIN_ABSOLUTE);

/**
 * The chosen cities' radii as haversine terms, a hair either side. A point's term against a city is (1 - p.c) / 2
 * for their points on the unit sphere (sin^2 of half the angle between them, the haversine `a`): three products per
 * city and point, no sine, arcsine or square root. Only a point within the hair of a radius is placed by
 * `distanceMiles`, exactly as matchJob places it.
 */
class CityRings {
  private readonly count: number;
  /** Per city: its point (x, y, z), then the bounds below and above each radius's term. */
  private readonly at: Float64Array;
  private readonly cities: readonly GeoCity[];

  constructor(cities: readonly GeoCity[]) {
    this.cities = cities;
    this.count = cities.length;
    this.at = new Float64Array(cities.length * 7);
    cities.forEach((city, k) => {
      const within = haversineTermOfMiles(city.radius);
      const near = haversineTermOfMiles(city.radius * CLOSE_RADIUS_FACTOR);
      writeUnit(this.at, k * 7, city.lat, city.lng);
      // A radius the term cannot stand for is always decided by the distance itself (NaN compares false).
      this.at.set(
        [within - marginOf(within), within + marginOf(within), near - marginOf(near), near + marginOf(near)],
        k * 7 + 3,
      );
    });
  }

  /**
   * WITHIN when any city's radius holds the point (latitude, longitude, and its unit-sphere point at `unit[u]`),
   * else NEAR when any close-match radius does, else OUTSIDE.
   */
  place(lat: number, lng: number, unit: Float64Array, u: number): number {
    const at = this.at;
    const px = unit[u]!;
    const py = unit[u + 1]!;
    const pz = unit[u + 2]!;
    let best = OUTSIDE;
    for (let k = 0, o = 0; k < this.count; k++, o += 7) {
      const a = (1 - (at[o]! * px + at[o + 1]! * py + at[o + 2]! * pz)) / 2;
      let ring: number;
      if (a < at[o + 3]!) ring = WITHIN;
      else if (a > at[o + 6]!) ring = OUTSIDE;
      else if (a > at[o + 4]! && a < at[o + 5]!) ring = NEAR;
      else {
        const city = this.cities[k]!;
        const d = distanceMiles(city.lat, city.lng, lat, lng);
        ring = d <= city.radius ? WITHIN : d <= city.radius * CLOSE_RADIUS_FACTOR ? NEAR : OUTSIDE;
      }
      if (ring === WITHIN) return WITHIN;
      if (ring > best) best = ring;
    }
    return best;
  }
}

/** How many positions the lists of the given keys hold together. */
function sumLengths(lists: ReadonlyMap<number, Int32Array>, keys: Iterable<number>): number {
  let n = 0;
  for (const key of keys) n += lists.get(key)?.length ?? 0;
  return n;
}

/**
 * Whether a value is among the chosen ones, read from a table by value: ids are the reference data's small serial
 * numbers (faster than a set for every job visited); a set stands in should one ever be large.
 */
function table(chosen: Iterable<number>, largest: number): (value: number) => boolean {
  const set = new Set(chosen);
  if (largest >= 1 << 16) return (value) => set.has(value);
  const isChosen = new Uint8Array(largest + 1);
  for (const id of set) if (id >= 0 && id <= largest) isChosen[id] = 1;
  return (value) => isChosen[value] === 1;
}

/** Where position `i` is in a list of positions in ascending order (it must be there). */
function indexIn(group: Int32Array, i: number): number {
  let lo = 0;
  let hi = group.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (group[mid]! < i) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The one-degree cell of a point. */
function gridCell(lat: number, lng: number): number {
  return (Math.floor(lat) + 90) * 1000 + (Math.floor(lng) + 360);
}

function groupKey(category: number, shifts: number): number {
  return category * 1000 + shifts;
}
