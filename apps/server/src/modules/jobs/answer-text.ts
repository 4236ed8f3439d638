import type { MatchTypes } from '@hcp/contracts';
import { memoize } from '../../lib/cache.ts';
import type { Candidate } from './repository.ts';

/**
 * A search answer written as JSON text directly: the text JSON.stringify makes of the answer object (same keys, same
 * order, same escapes), without making the ~60 card objects of a page and walking them again. Parts that repeat
 * from card to card are made once: a facility's three fields, a specialty's name, the fixed part of each kind of
 * match. A cold search spent about a fifth of its time making and serialising the card objects.
 * answer-text.test.ts checks the text against JSON.stringify of the same answer.
 */

/** What a card shows of its facility. */
export interface FacilityCard {
  name: string;
  city: string;
  state: string;
}

/** A string as a JSON literal (quotes and escapes), as JSON.stringify writes it. */
const literal = (s: string): string => JSON.stringify(s);

/** A number as JSON.stringify writes it (null for what JSON cannot hold). */
const numberText = (n: number | null): string => (n === null || !Number.isFinite(n) ? 'null' : String(n));

/** A facility's three card fields as JSON (made once per facility object, kept as long as it is). */
const facilityFields = memoize(
  (f: FacilityCard): string =>
    `"hospitalName":${literal(f.name)},"hospitalCity":${literal(f.city)},"hospitalState":${literal(f.state)}`,
);
const NO_FACILITY = facilityFields({ name: '', city: '', state: '' });

/** Shift texts (a handful of values) as JSON literals. */
const shiftLiterals = new Map<string, string>();
function shiftLiteral(shift: string): string {
  let text = shiftLiterals.get(shift);
  if (text === undefined) {
    text = literal(shift);
    // Bounded: a feed could send any number of distinct shift texts.
    if (shiftLiterals.size < 1000) shiftLiterals.set(shift, text);
  }
  return text;
}

/** The fixed part of each kind of match (class, text and the four values), up to the distance. */
const matchPrefixes = new Map<string, string>();
function matchTypesText(m: MatchTypes | null): string {
  if (m === null) return 'null';
  const key = `${m.className}|${m.displayText}|${m.specialty}|${m.shiftsPerWeek}|${m.location}|${m.discipline}`;
  let prefix = matchPrefixes.get(key);
  if (prefix === undefined) {
    const fixed = JSON.stringify({
      className: m.className,
      displayText: m.displayText,
      specialty: m.specialty,
      shiftsPerWeek: m.shiftsPerWeek,
      location: m.location,
      discipline: m.discipline,
    });
    prefix = fixed.slice(0, -1);
    matchPrefixes.set(key, prefix);
  }
  const nearest = m.nearestLocation === null ? 'null' : literal(m.nearestLocation);
  return `${prefix},"milesFromNearestLocation":${numberText(m.milesFromNearestLocation)},"nearestLocation":${nearest}}`;
}

/** What every card of one answer shares, and where its per-job names come from. */
export interface CardSource {
  profession: string;
  /** Specialty names by id (one map per loaded reference data). */
  specialties: ReadonlyMap<number, string>;
  facilities: ReadonlyMap<number, FacilityCard>;
  match(job: Candidate): MatchTypes | null;
}

/** Specialty names as JSON literals, per map of names. */
const specialtyLiterals = memoize((_names: ReadonlyMap<number, string>) => new Map<number, string>());

/** One job's card as JSON (the fields of JobCard, in its order). */
function cardText(j: Candidate, source: CardSource, professionLiteral: string): string {
  const names = specialtyLiterals(source.specialties);
  let specialty = names.get(j.specialtyId);
  if (specialty === undefined) {
    specialty = literal(source.specialties.get(j.specialtyId) ?? '');
    names.set(j.specialtyId, specialty);
  }
  const f = source.facilities.get(j.facilityId);
  return (
    `{"jobId":${numberText(j.id)},"profession":${professionLiteral},"specialty":${specialty},` +
    `${f ? facilityFields(f) : NO_FACILITY},"shift":${shiftLiteral(j.shift)},` +
    `"shiftCategory":${numberText(j.shiftCategory)},"grade":${numberText(j.grade)},` +
    `"grossWeeklyPay":${numberText(j.grossWeeklyPay)},"availablePositions":${numberText(j.availablePositions)},` +
    `"isAvailable":true,"matchTypes":${matchTypesText(source.match(j))}}`
  );
}

/** The counts and page of a search answer. */
export interface AnswerCounts {
  jobCount: number;
  positionCount: number;
  page: number;
  pageSize: number;
}

/** A search answer (JobResults) as JSON text: the page's cards, then the counts. */
export function searchAnswerText(page: readonly Candidate[], source: CardSource, counts: AnswerCounts): string {
  const professionLiteral = literal(source.profession);
  let cards = '';
  for (let k = 0; k < page.length; k++) cards += (k === 0 ? '' : ',') + cardText(page[k]!, source, professionLiteral);
  return (
    `{"jobList":[${cards}],"jobCount":${numberText(counts.jobCount)},"positionCount":${numberText(counts.positionCount)},` +
    `"page":${numberText(counts.page)},"pageSize":${numberText(counts.pageSize)}}`
  );
}
