/**
 * Parsing a large JSON body without holding the event loop for the whole of it. A feed batch of 5,000 jobs is 7 MB
 * of text: joined into one string and parsed at once, it kept every other request waiting for some 50-60 ms on the
 * bench's machine (the string is a fresh block of that size the kernel maps in page by page, then the parse). Such
 * bodies are an object whose arrays hold the rows (`{"facilities": [...], "jobs": [...]}`) or an array of rows: the
 * text is scanned piece by piece as it was received, each row of a top-level array is parsed on its own, the rest
 * (the skeleton, with those arrays emptied) is parsed last and the rows put back. The event loop is let go whenever
 * a slice of work has taken `sliceMs`.
 *
 * The result is the value JSON.parse would give. Anything the scanner does not expect (a key given twice, text
 * that is not JSON) makes it give up and hand the whole text to the ordinary parse, so malformed bodies get the same
 * answer as before; each piece goes through the same parse function (the protections against prototype poisoning).
 */

import { workSlices } from './work-slices.ts';

/** Parses one piece of JSON text (a row or the skeleton); throws on invalid JSON as JSON.parse does. */
export type ParsePiece = (text: string) => unknown;

class NotSliceable extends Error {}

/** Structural characters and string quotes, the points a value's scan stops at. */
const STRUCTURE = /[{}[\]"]/g;
/** Inside a string: its end or an escape. */
const IN_STRING = /["\\]/g;
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** The text given as consecutive pieces, read forward; slices of it come back as strings. */
class PieceReader {
  private part = 0;
  private at = 0;
  constructor(private readonly parts: string[]) {}

  get done(): boolean {
    this.skipEmpty();
    return this.part >= this.parts.length;
  }

  private skipEmpty() {
    while (this.part < this.parts.length && this.at >= this.parts[this.part]!.length) {
      this.part++;
      this.at = 0;
    }
  }

  /** The next character code, not consumed (NaN at the end). */
  peek(): number {
    this.skipEmpty();
    return this.part < this.parts.length ? this.parts[this.part]!.charCodeAt(this.at) : NaN;
  }

  next(): number {
    const c = this.peek();
    this.at++;
    return c;
  }

  skipWhitespace() {
    while (WHITESPACE.has(this.peek())) this.at++;
  }

  /** Where the reader stands, to take the text from here later. */
  mark(): [number, number] {
    this.skipEmpty();
    return [this.part, this.at];
  }

  /** The text from a mark to where the reader stands. */
  textFrom([part, at]: [number, number]): string {
    if (part === this.part) return this.parts[part]!.slice(at, this.at);
    let text = this.parts[part]!.slice(at);
    for (let p = part + 1; p < this.part; p++) text += this.parts[p];
    return text + (this.part < this.parts.length ? this.parts[this.part]!.slice(0, this.at) : '');
  }

  /** Moves past one JSON value (its text is not checked here: the parse of the piece does that). */
  skipValue() {
    const first = this.peek();
    if (first === 0x22 /* " */) return this.skipString();
    if (first !== 0x7b /* { */ && first !== 0x5b /* [ */) {
      // A number, true, false or null: up to the next separator.
      while (!this.done) {
        const c = this.peek();
        if (c === 0x2c || c === 0x5d || c === 0x7d || WHITESPACE.has(c)) return;
        this.at++;
      }
      return;
    }
    let depth = 0;
    while (this.part < this.parts.length) {
      const text = this.parts[this.part]!;
      STRUCTURE.lastIndex = this.at;
      const m = STRUCTURE.exec(text);
      if (!m) {
        this.part++;
        this.at = 0;
        continue;
      }
      this.at = m.index;
      const c = text.charCodeAt(m.index);
      if (c === 0x22) {
        this.skipString();
        continue;
      }
      this.at++;
      if (c === 0x7b || c === 0x5b) depth++;
      else if (--depth === 0) return;
    }
    throw new NotSliceable();
  }

  /** Moves past a string starting at the reader (the quote included). */
  skipString() {
    if (this.next() !== 0x22) throw new NotSliceable();
    let escaped = false;
    while (this.part < this.parts.length) {
      const text = this.parts[this.part]!;
      if (escaped) {
        // The character after a backslash, which may begin the next piece.
        if (this.at >= text.length) {
          this.part++;
          this.at = 0;
          continue;
        }
        this.at++;
        escaped = false;
      }
      IN_STRING.lastIndex = this.at;
      const m = IN_STRING.exec(text);
      if (!m) {
        this.part++;
        this.at = 0;
        continue;
      }
      this.at = m.index + 1;
      if (text.charCodeAt(m.index) === 0x22) return;
      escaped = true;
    }
    throw new NotSliceable();
  }
}

/**
 * The JSON value of the text given as `parts`, parsed with `parse` row by row where the text is an object of arrays
 * or an array (see the top of this file), in slices of about `sliceMs`. `pieces` receives every piece's text before
 * it is parsed (the input guard looks at each for characters the database cannot store).
 */
export async function parseJsonInSlices(
  parts: string[],
  parse: ParsePiece,
  opts: { sliceMs: number; onPiece?: (text: string) => void },
): Promise<unknown> {
  // Whatever goes wrong in pieces (text the scanner did not expect, a row that is not valid JSON) is left to the
  // ordinary parse of the whole text, so a malformed body gets the very answer it got before.
  const whole = () => {
    const text = parts.join('');
    opts.onPiece?.(text);
    return parse(text);
  };
  let layout: Awaited<ReturnType<typeof scan>>;
  try {
    layout = await scan(parts, opts.sliceMs);
  } catch {
    return whole();
  }
  const slice = workSlices(opts.sliceMs);
  const filled: [string | null, unknown[]][] = [];
  let root: unknown;
  try {
    for (const { key, rows } of layout.arrays) {
      const values: unknown[] = new Array(rows.length);
      for (let i = 0; i < rows.length; i++) {
        if (slice.due()) await slice.pause();
        opts.onPiece?.(rows[i]!);
        values[i] = parse(rows[i]!);
      }
      filled.push([key, values]);
    }
    opts.onPiece?.(layout.skeleton);
    root = parse(layout.skeleton);
  } catch {
    return whole();
  }
  if (layout.arrays.length === 1 && layout.arrays[0]!.key === null) return filled[0]![1];
  // Only keys the skeleton's parse kept (a parse that removes a poisoning key must not see it set again here).
  const object = root as Record<string, unknown>;
  for (const [key, values] of filled) if (Object.hasOwn(object, key!)) object[key!] = values;
  return root;
}

/** Finds the rows of the top-level arrays and the skeleton around them; NotSliceable when the text is not as expected. */
async function scan(parts: string[], sliceMs: number) {
  const r = new PieceReader(parts);
  const slice = workSlices(sliceMs);
  const arrays: { key: string | null; rows: string[] }[] = [];
  const readArray = async (key: string | null) => {
    if (r.next() !== 0x5b) throw new NotSliceable();
    const rows: string[] = [];
    r.skipWhitespace();
    if (r.peek() === 0x5d) r.next();
    else
      for (;;) {
        r.skipWhitespace();
        const start = r.mark();
        r.skipValue();
        rows.push(r.textFrom(start));
        if (slice.due()) await slice.pause();
        r.skipWhitespace();
        const c = r.next();
        if (c === 0x5d) break;
        if (c !== 0x2c) throw new NotSliceable();
      }
    arrays.push({ key, rows });
  };

  r.skipWhitespace();
  let skeleton: string;
  if (r.peek() === 0x5b) {
    await readArray(null);
    skeleton = '[]';
  } else {
    if (r.next() !== 0x7b) throw new NotSliceable();
    skeleton = '{';
    const keys = new Set<string>();
    r.skipWhitespace();
    if (r.peek() === 0x7d) r.next();
    else
      for (;;) {
        r.skipWhitespace();
        const keyStart = r.mark();
        r.skipString();
        const keyText = r.textFrom(keyStart);
        const key = JSON.parse(keyText) as string;
        // A key given twice: JSON.parse keeps the last; the ordinary parse settles it.
        if (keys.has(key)) throw new NotSliceable();
        keys.add(key);
        r.skipWhitespace();
        if (r.next() !== 0x3a /* : */) throw new NotSliceable();
        r.skipWhitespace();
        if (skeleton.length > 1) skeleton += ',';
        if (r.peek() === 0x5b) {
          await readArray(key);
          skeleton += `${keyText}:[]`;
        } else {
          const valueStart = r.mark();
          r.skipValue();
          skeleton += `${keyText}:${r.textFrom(valueStart)}`;
        }
        r.skipWhitespace();
        const c = r.next();
        if (c === 0x7d) break;
        if (c !== 0x2c) throw new NotSliceable();
      }
    skeleton += '}';
  }
  r.skipWhitespace();
  if (!r.done) throw new NotSliceable();
  return { skeleton, arrays };
}
