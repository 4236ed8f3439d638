import fc from 'fast-check';
import { isCalendarDate, isLocalTimestamp } from '@hcp/contracts';
import { ID_FIELD } from './harness.ts';

/**
 * Hostile values by kind of field, for the hostile-input suite: dates, numbers, ids, text encodings and
 * oversize values. Each list holds what a client, a proxy or an attacker can really send, and what the
 * database or a date parser has been seen to choke on (impossible days, int4/int8 overflow, NUL-free but
 * malformed UTF-8, percent-encoding that decodes to nothing valid).
 */

/** Days that do not exist, years the database or the date type refuses, and real days in other shapes. */
export const HOSTILE_DATES = [
  '2026-02-30',
  '2026-02-31',
  '2025-02-29',
  '2100-02-29',
  '2026-04-31',
  '2026-06-31',
  '2026-09-31',
  '2026-11-31',
  '2026-00-10',
  '2026-13-01',
  '2026-01-00',
  '2026-01-32',
  '0000-01-01',
  '0000-00-00',
  '-0001-01-01',
  '-2026-01-05',
  '+002026-01-05',
  '9999-99-99',
  '9999-12-31',
  '10000-01-01',
  '275760-09-13',
  '0001-01-01',
  '1582-10-10',
  '1899-12-31',
  '1969-12-31',
  '2038-01-19',
  '2101-01-01',
  '2024-02-30T25:61:00Z',
  '2026-01-05T24:00:00',
  '2026-01-05T23:60:00',
  '2026-01-05T23:59:60',
  '2026-01-05T10:00:00Z',
  '2026-01-05T10:00:00+14:00',
  '2026-01-05T10:00:00.123456789',
  '2026-01-05 10:00',
  '2026-1-5',
  '2026-01-5',
  '26-01-05',
  '20260105',
  '2026/01/05',
  '01/05/2026',
  '13/13/2026',
  '5 Jan 2026',
  'Mon, 05 Jan 2026 10:00:00 GMT',
  '2026-W02-1',
  '2026-005',
  'infinity',
  '-infinity',
  'epoch',
  'now',
  'today',
  'allballs',
  'J2451187',
  '１９９０-０１-０１',
  '٢٠٢٦-٠١-٠٥',
  '2026-01-05\u0000',
  ' 2026-01-05',
  '2026-01-05 ',
  '2026-01-05\n',
  '2026\u201101\u201105',
  '',
  '0',
  '-1',
  'null',
];

/** A generated date-like text: any year, month and day numbers, zero-padded or not, with a time of any hour now and then. */
const generatedDate = fc
  .record({
    y: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 1895, max: 2105 })),
    m: fc.integer({ min: 0, max: 14 }),
    d: fc.integer({ min: 0, max: 33 }),
    pad: fc.boolean(),
    time: fc.option(
      fc.record({
        h: fc.integer({ min: 0, max: 26 }),
        mi: fc.integer({ min: 0, max: 62 }),
        s: fc.integer({ min: 0, max: 62 }),
      }),
      { freq: 3 },
    ),
  })
  .map(({ y, m, d, pad, time }) => {
    const p = (n: number, w: number) => (pad ? String(n).padStart(w, '0') : String(n));
    const date = `${p(y, 4)}-${p(m, 2)}-${p(d, 2)}`;
    return time ? `${date}T${p(time.h, 2)}:${p(time.mi, 2)}:${p(time.s, 2)}` : date;
  });

/** Leap-day edges of leap and common years, centuries included. */
const leapEdge = fc
  .integer({ min: 1896, max: 2104 })
  .chain((y) => fc.constantFrom(`${y}-02-28`, `${y}-02-29`, `${y}-03-01`, `${y}-12-31`, `${y}-01-01`));

export const hostileDate: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_DATES) },
  { weight: 4, arbitrary: generatedDate },
  { weight: 2, arbitrary: leapEdge },
  // Dates as other JSON types: epoch numbers, arrays, objects.
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(1767571200000, -62167219200000, 8.64e15 + 1, 20260105, true, ['2026-01-05'], {
      date: '2026-01-05',
    }),
  },
);

/** Numbers a JSON number or a numeric text field can carry that a naive parser or an integer column does not survive. */
export const HOSTILE_NUMBERS: unknown[] = [
  -1,
  -0,
  0.5,
  -0.5,
  1.0000000001,
  1e-7,
  1e21,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 63,
  2 ** 64,
  'NaN',
  'Infinity',
  '-Infinity',
  '1e3',
  '1E+400',
  '0x10',
  '0b11',
  '0o7',
  '1_000',
  '1,5',
  '1.5',
  ' 12 ',
  '+1',
  '--1',
  '١٢',
  '１２',
  '9'.repeat(40),
  '',
];

export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer({ min: -(2 ** 53), max: 2 ** 53 }) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((b) => b.toString()) },
);

/** Ids: unknown but well-formed, the edges of int4 and int8, and the texts that look like numbers. */
export const HOSTILE_IDS: unknown[] = [
  0,
  -1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 32 + 1,
  2 ** 53,
  2 ** 63,
  '9223372036854775807',
  '9223372036854775808',
  '18446744073709551616',
  '99999999999999999999',
  1.5,
  '1.0',
  '01',
  '1e1',
  '0x1',
  ' 1',
  '+1',
  '-0',
  '1 OR 1=1',
  '1;--',
  'null',
  '',
];

export const hostileId: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_IDS) },
  // Well-formed ids that name nothing (or someone else's object: the access-control suite checks ownership).
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 2 ** 31 - 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 ** 31 - 1 }).map(String) },
);

/** Text in unusual encodings: direction overrides, BOMs, lone surrogates, combining marks, non-ASCII digits and spaces. */
export const HOSTILE_TEXTS = [
  '\uFEFFvalue',
  'value\uFEFF',
  '\u202Eevil\u202C',
  '\u200F\u200Etext',
  '\u2066isolate\u2069',
  '\uD800',
  '\uDC00',
  'a\uD83Db',
  '\uDBFF\uDFFF',
  'e\u0301\u0301\u0301\u0301\u0301\u0301',
  'ﬁ ﬀ Ǆ ß İ',
  '\u00A0\u2007\u202F\u3000',
  '\u2028\u2029\u0085',
  '\u001B[31mred',
  '\u0007\u0008\u007F',
  'Ａｄｍｉｎ',
  'аdmin',
  '\uFFFD\uFFFE\uFFFF',
  '\u{10FFFF}',
  '\u{E0041}\u{E0042}',
  '%00',
  '%2e%2e%2f',
  '%C0%AF',
  '%FF%FE',
  '%E2%80%AE',
  '%',
  '%%',
  '%u0041',
  '\\u0000',
  '&#0;&#x27;',
];

/** Raw byte sequences that are not valid UTF-8: overlong forms, surrogates encoded as UTF-8 (CESU), truncated and stray bytes. */
export const INVALID_UTF8: Buffer[] = [
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0xc0, 0x80]),
  Buffer.from([0xe0, 0x80, 0xaf]),
  Buffer.from([0xf0, 0x80, 0x80, 0xaf]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xed, 0xbf, 0xbf]),
  Buffer.from([0xe2, 0x82]),
  Buffer.from([0xff]),
  Buffer.from([0xfe, 0xff]),
  Buffer.from([0x80, 0x80]),
  Buffer.from([0xf4, 0x90, 0x80, 0x80]),
  Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
];

/** Percent-encoded path or query text sent as is (not re-encoded): overlong dots and slashes, bad escapes, direction overrides. */
export const RAW_PERCENT = [
  '%c0%ae%c0%ae%c0%af',
  '%2e%2e%2f%2e%2e%2f',
  '%252e%252e',
  '%ff%fe',
  '%ed%a0%80',
  '%e2%80%ae',
  '%',
  '%zz',
  '%2',
  '%%41',
  '%u002e',
  '..%5c..%5c',
  '%0d%0a',
  '%20',
  '%ef%bb%bf1',
  '1%00',
  '%f0%9f%92%a9',
];

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('\u202E', '\uFEFF', '\uD800', '\u0301'), fc.string({ maxLength: 10 }))
      .map(([a, b]) => `${b}${a}${b}`),
  },
);

/** Values larger than any field allows, within and beyond the body limits. */
export const oversizeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(201, 257, 1_001, 4_097, 65_536, 300_000).map((n) => 'x'.repeat(n)),
  fc.constantFrom(10_001, 200_000).map((n) => '𝕏'.repeat(n)),
  fc.constant(Array.from({ length: 5_001 }, () => 1)),
  fc.constant(Array.from({ length: 2_000 }, () => 'x'.repeat(100))),
  fc.constant(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i]))),
  fc.constant({ ['k'.repeat(100_000)]: 1 }),
);

export type FieldKind = 'date' | 'id' | 'number' | 'text' | 'other';

const DATE_NAME = /(date|Date|^from$|^through$|Time$|Dt$|^dob$)/;

/** The kind of a field, from its name and the valid value it has in the route's example request. */
export function kindOf(name: string, value: unknown): FieldKind {
  // A date field holds a date in the route's valid request; free text named '...Time' (bestContactTime) does not.
  if (isCalendarDate(value) || isLocalTimestamp(value) || (DATE_NAME.test(name) && value === null)) return 'date';
  // `after` is the agency lists' cursor: the id of the last row read.
  if (
    ID_FIELD.test(name) ||
    /Id$|Ids$|^ids?$|^after$|^specialties$|^emrs$|^employment$|^education$|^certifications$/.test(name)
  )
    return 'id';
  if (typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value))) return 'number';
  if (typeof value === 'string') return 'text';
  return 'other';
}

export function hostileOfKind(kind: FieldKind): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'date':
      return hostileDate;
    case 'id':
      return hostileId;
    case 'number':
      return hostileNumber;
    case 'text':
      return fc.oneof(hostileText, hostileDate, hostileNumber);
    default:
      return fc.oneof(hostileDate, hostileNumber, hostileId, hostileText);
  }
}
