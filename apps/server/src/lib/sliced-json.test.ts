import { describe, expect, it } from 'vitest';
import { parseJsonInSlices } from './sliced-json.ts';

/** A small deterministic random source, so a failing case can be run again. */
function random(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) % 4294967296;
    return seed / 4294967296;
  };
}

const TRICKY = [
  '"',
  '\\',
  '\\"',
  '\\\\',
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  ' ',
  '\n',
  'é',
  '😀',
  '\u2028',
  '\u0000',
  'u0041',
];

function randomValue(rnd: () => number, depth: number): unknown {
  const kind = Math.floor(rnd() * (depth > 2 ? 5 : 7));
  if (kind === 0) return Math.round(rnd() * 1e6) / 100 - 5000;
  if (kind === 1) return rnd() < 0.5;
  if (kind === 2) return null;
  if (kind <= 4)
    return Array.from({ length: Math.floor(rnd() * 6) }, () => TRICKY[Math.floor(rnd() * TRICKY.length)]).join('x');
  if (kind === 5) return Array.from({ length: Math.floor(rnd() * 4) }, () => randomValue(rnd, depth + 1));
  const o: Record<string, unknown> = {};
  for (let i = Math.floor(rnd() * 4); i > 0; i--)
    o[`k${i}${TRICKY[Math.floor(rnd() * TRICKY.length)]}`] = randomValue(rnd, depth + 1);
  return o;
}

/** The text cut at random places, as a socket's chunks decoded one by one would give it. */
function cut(text: string, rnd: () => number, pieces: number): string[] {
  const at = [...new Set(Array.from({ length: pieces }, () => Math.floor(rnd() * text.length)))].sort((a, b) => a - b);
  return [0, ...at].map((from, i) => text.slice(from, at[i] ?? text.length));
}

const parse = (text: string) => JSON.parse(text) as unknown;

describe('parseJsonInSlices', () => {
  it('gives what JSON.parse gives for feeds and arrays of rows, however the text is cut', async () => {
    const rnd = random(21);
    for (let n = 0; n < 300; n++) {
      const rows = Array.from({ length: Math.floor(rnd() * 40) }, () => randomValue(rnd, 1));
      const value =
        n % 3 === 0
          ? rows
          : { facilities: rows.slice(0, 3), note: randomValue(rnd, 1), jobs: rows, count: rows.length };
      const text = n % 2 ? JSON.stringify(value) : JSON.stringify(value, null, n % 4 ? 2 : '\t');
      const parts = cut(text, rnd, 1 + Math.floor(rnd() * 30));
      let pieces = 0;
      const got = await parseJsonInSlices(parts, parse, { sliceMs: 0, onPiece: () => pieces++ });
      expect(got, text).toEqual(JSON.parse(text));
      // Each row of a top-level array on its own, then the skeleton: not the whole text at once.
      const topLevelArrays = Array.isArray(value) ? [value] : Object.values(value).filter((v) => Array.isArray(v));
      expect(pieces, text).toBe(topLevelArrays.reduce((n, a) => n + (a as unknown[]).length, 0) + 1);
    }
  });

  it('answers malformed text and repeated keys exactly as the parse of the whole text does', async () => {
    for (const text of [
      '{"jobs":[{"a":1},{"a":2]}',
      '{"jobs":[{"a":1},]}',
      '{"jobs":[1 2]}',
      '{"jobs":[1],}',
      '{"jobs":"unterminated}',
      '[1,2',
      '{"jobs":[{"a":"\\x"}]}',
      '{"jobs":[1],"jobs":5}',
      '{"jobs":5,"jobs":[1,2]}',
      '{"jobs":[1]} trailing',
      '\ufeff{"jobs":[]}',
      '',
    ]) {
      let expected: unknown;
      try {
        expected = { value: JSON.parse(text) };
      } catch (e) {
        expected = { error: (e as Error).message };
      }
      let got: unknown;
      try {
        got = { value: await parseJsonInSlices(cut(text, random(text.length), 4), parse, { sliceMs: 0 }) };
      } catch (e) {
        got = { error: (e as Error).message };
      }
      expect(got, text).toEqual(expected);
    }
  });

  it('gives every row and the skeleton to the parse function and lets other work run in between', async () => {
    const text = JSON.stringify({ jobs: Array.from({ length: 2000 }, (_, i) => ({ externalId: `J${i}` })) });
    const seen: string[] = [];
    let ranBetween = false;
    setImmediate(() => (ranBetween = true));
    const value = (await parseJsonInSlices(cut(text, random(5), 50), parse, {
      sliceMs: 0,
      onPiece: (t) => seen.push(t),
    })) as { jobs: { externalId: string }[] };
    expect(value.jobs).toHaveLength(2000);
    expect(seen).toHaveLength(2001);
    expect(seen.at(-1)).toBe('{"jobs":[]}');
    expect(ranBetween).toBe(true);
  });

  it('does not set a key the parse of the skeleton left out', async () => {
    const withoutProto = (text: string) => {
      const v = JSON.parse(text) as Record<string, unknown>;
      if (v && typeof v === 'object') delete v.__proto__;
      return v;
    };
    // JSON.parse makes "__proto__" an own key; a parse that drops it must not see it come back as the prototype.
    const value = (await parseJsonInSlices(['{"__proto__":[{"polluted":true}],"jobs":[1]}'], withoutProto, {
      sliceMs: 0,
    })) as Record<string, unknown>;
    expect(Object.hasOwn(value, '__proto__')).toBe(false);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(value.jobs).toEqual([1]);
  });
});
