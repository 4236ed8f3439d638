import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { answerBytes, compressSync, keptText, pickEncoding } from './compression.ts';

/** JSON text like a search answer of `jobs` cards: repetitive, as real answers are. */
function answerOf(jobs: number): string {
  return JSON.stringify({
    jobCount: jobs,
    jobs: Array.from({ length: jobs }, (_, i) => ({
      jobId: 100_000 + i * 37,
      title: `Registered Nurse - ICU ${i}`,
      facility: `St. Mary Medical Center ${i % 7}`,
      city: ['Austin', 'Dallas', 'Houston'][i % 3],
      weeklyPay: 2100 + ((i * 13) % 900),
    })),
  });
}

describe('answers compressed on the request path', () => {
  // The window is sized to the answer (a 512 KiB bound): answers on either side of it, and of the bound itself, must
  // come back whole in both encodings.
  it.each([0, 1, 40, 400, 4000, 12_000])('a %i-card answer decompresses to the same text', (jobs) => {
    const body = answerOf(jobs);
    expect(zlib.brotliDecompressSync(compressSync(body, 'br')).toString()).toBe(body);
    expect(zlib.gunzipSync(compressSync(Buffer.from(body), 'gzip')).toString()).toBe(body);
  });

  it('compresses a search-sized answer to a fraction of its size, in memory of its own size', () => {
    const body = answerOf(60);
    for (const encoding of ['br', 'gzip'] as const) {
      const out = compressSync(body, encoding);
      expect(out.length).toBeLessThan(body.length / 5);
      // A kept answer holds only its own bytes, not the 16 KiB chunk zlib wrote them into.
      expect(out.buffer.byteLength).toBe(out.length);
    }
  });

  // A short kept answer (sent as it is) holds its UTF-8 bytes, of their own size though Buffer.from would pool them.
  it.each([0, 3])('a kept %i-card answer is its text in bytes of its own size', (jobs) => {
    const text = answerOf(jobs).replace(/Austin/g, 'Añasco – 東京');
    const kept = answerBytes(text);
    expect(kept.br).toBeUndefined();
    expect(keptText(kept).toString('utf8')).toBe(text);
    expect(keptText(kept).buffer.byteLength).toBe(Buffer.byteLength(text));
  });

  // A longer one holds only the brotli bytes browsers are sent: a fraction of the text, in memory of its own size.
  it.each([8, 60, 600])('a kept %i-card answer holds its brotli bytes alone, and gives its text back', (jobs) => {
    const text = answerOf(jobs).replace(/Austin/g, 'Añasco – 東京');
    const kept = answerBytes(text);
    if (!kept.br) throw new Error('expected brotli bytes');
    expect('body' in kept).toBe(false);
    expect(kept.br.buffer.byteLength).toBe(kept.br.length);
    expect(kept.br.length).toBeLessThan(Buffer.byteLength(text) / (jobs >= 60 ? 5 : 2));
    expect(keptText(kept).toString('utf8')).toBe(text);
  });

  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
