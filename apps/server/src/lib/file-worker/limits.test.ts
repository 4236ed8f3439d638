import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { hugeCanvasImage } from '../../../test/hostile-file-factories.ts';
import { declaredImageSize, declaredImageSizeOfFile } from './limits.ts';

/**
 * Uploads are checked from their temp file, read in pieces: the size an image declares must come out as it
 * did from the whole file in memory, for any file, including ones made to hide the header deep inside.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'hcp-limits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function onDisk(bytes: Uint8Array): string {
  const p = path.join(dir, `f${(n += 1)}`);
  writeFileSync(p, bytes);
  return p;
}

const u16 = (v: number) => [(v >> 8) & 0xff, v & 0xff];

/** A JPEG segment: marker, length, payload (the length counts itself and the payload). */
function segment(marker: number, payload: number[]): number[] {
  return [0xff, marker, ...u16(payload.length + 2), ...payload];
}

function sof(marker: number, width: number, height: number): number[] {
  return segment(marker, [8, ...u16(height), ...u16(width), 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]);
}

/** An EXIF segment with an orientation entry; `cut` shortens it so image-size's read of it fails. */
function exif(cut: number): number[] {
  const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0];
  const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  return segment(0xe1, body.slice(0, Math.max(0, body.length - cut)));
}

describe('the size an image file declares, read in pieces', () => {
  it('finds a JPEG frame behind 300 KB of metadata segments, as in memory', async () => {
    const app = Array.from({ length: 5 }, (_, i) => segment(0xe2, Array<number>(60_000).fill(i)));
    const bytes = Uint8Array.from([0xff, 0xd8, ...app.flat(), ...sof(0xc0, 30_000, 65_000), 0xff, 0xd9]);
    expect(bytes.length).toBeGreaterThan(300_000);
    expect(await declaredImageSizeOfFile('jpg', onDisk(bytes))).toEqual({ width: 30_000, height: 65_000 });
    expect(declaredImageSize(bytes)).toEqual({ width: 30_000, height: 65_000 });
  });

  it.each(['png', 'gif', 'bmp', 'jpg'] as const)('reads a %s header declaring a huge canvas', async (kind) => {
    const bytes = hugeCanvasImage(kind, 52_000, 41_000);
    expect(await declaredImageSizeOfFile(kind, onDisk(bytes))).toEqual(declaredImageSize(bytes));
    expect(declaredImageSize(bytes)).toEqual({ width: 52_000, height: 41_000 });
  });

  it('answers what image-size answers from memory for any JPEG made of segments, junk and cut-short EXIF', async () => {
    const part = fc.oneof(
      fc.record({ kind: fc.constant('app'), size: fc.integer({ min: 0, max: 70_000 }) }),
      fc.record({ kind: fc.constant('sof'), marker: fc.constantFrom(0xc0, 0xc1, 0xc2, 0xc4, 0xdb) }),
      fc.record({ kind: fc.constant('exif'), cut: fc.integer({ min: 0, max: 30 }) }),
      fc.record({ kind: fc.constant('junk'), bytes: fc.uint8Array({ maxLength: 40 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 6 }), fc.integer({ min: 0, max: 12 }), async (parts, trim) => {
        const body: number[] = [];
        for (const p of parts) {
          if (p.kind === 'app') body.push(...segment(0xe0, Array<number>(Math.min(p.size, 65_533)).fill(7)));
          else if (p.kind === 'sof') body.push(...sof(p.marker, 4000, 3000));
          else if (p.kind === 'exif') body.push(...exif(p.cut));
          else body.push(...p.bytes);
        }
        const whole = Uint8Array.from([0xff, 0xd8, ...body]);
        const bytes = whole.subarray(0, Math.max(3, whole.length - trim));
        // In memory as the request path did it (a copy, as a decoded upload is its own buffer).
        const expected = declaredImageSize(new Uint8Array(bytes));
        expect(await declaredImageSizeOfFile('jpg', onDisk(bytes))).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});
