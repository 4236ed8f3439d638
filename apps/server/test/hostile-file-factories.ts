import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, PDFName } from 'pdf-lib';

/**
 * Hostile files for the upload tests and the bench: images of a few dozen bytes whose header declares a huge
 * canvas (decoding them allocates width x height x 4 bytes), and a tiny PDF that is very slow to draw.
 */
export type ImageKind = 'png' | 'gif' | 'jpg' | 'bmp';

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A valid-looking image of the given kind whose header declares width x height pixels. */
export function hugeCanvasImage(kind: ImageKind, width: number, height: number): Buffer {
  switch (kind) {
    case 'png': {
      const ihdr = Buffer.alloc(13);
      ihdr.writeUInt32BE(width, 0);
      ihdr.writeUInt32BE(height, 4);
      ihdr[8] = 8; // bit depth
      ihdr[9] = 2; // truecolour
      return Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        pngChunk('IHDR', ihdr),
        pngChunk('IDAT', deflateSync(Buffer.alloc(16))),
        pngChunk('IEND', Buffer.alloc(0)),
      ]);
    }
    case 'gif': {
      // Logical screen and one image of the same size, a two-entry colour table, a few bytes of LZW data.
      const head = Buffer.alloc(13);
      head.write('GIF89a', 'latin1');
      head.writeUInt16LE(width, 6);
      head.writeUInt16LE(height, 8);
      head[10] = 0x80; // global colour table of 2 entries
      const image = Buffer.alloc(10);
      image[0] = 0x2c;
      image.writeUInt16LE(width, 5);
      image.writeUInt16LE(height, 7);
      return Buffer.concat([
        head,
        Buffer.from([0, 0, 0, 255, 255, 255]),
        image,
        Buffer.from([2, 2, 0x44, 0x01, 0, 0x3b]),
      ]);
    }
    case 'bmp': {
      // A 24-bit BMP header declaring the size, with no pixel data (the decoder allocates first).
      const b = Buffer.alloc(58);
      b.write('BM', 'latin1');
      b.writeUInt32LE(58, 2);
      b.writeUInt32LE(54, 10);
      b.writeUInt32LE(40, 14);
      b.writeInt32LE(width, 18);
      b.writeInt32LE(height, 22);
      b.writeUInt16LE(1, 26);
      b.writeUInt16LE(24, 28);
      return b;
    }
    case 'jpg': {
      // Baseline JPEG: one grey component, a flat quantisation table, one-code Huffman tables, no real scan.
      const sof = Buffer.from([
        0xff,
        0xc0,
        0,
        11,
        8,
        (height >> 8) & 255,
        height & 255,
        (width >> 8) & 255,
        width & 255,
        1,
        1,
        0x11,
        0,
      ]);
      const dqt = Buffer.concat([Buffer.from([0xff, 0xdb, 0, 67, 0]), Buffer.alloc(64, 1)]);
      const dht = (cls: number) => Buffer.from([0xff, 0xc4, 0, 20, cls, 1, ...Array<number>(15).fill(0), 0]);
      const sos = Buffer.from([0xff, 0xda, 0, 8, 1, 1, 0, 0, 63, 0]);
      return Buffer.concat([
        Buffer.from([0xff, 0xd8]),
        dqt,
        sof,
        dht(0x00),
        dht(0x10),
        sos,
        Buffer.alloc(4),
        Buffer.from([0xff, 0xd9]),
      ]);
    }
  }
}

/**
 * A PDF of about a kilobyte whose first page paints one form object `draws` times, the form filling the whole
 * page `fills` times: parsing is instant, drawing takes seconds to minutes.
 */
export async function paintBombPdf(draws: number, fills: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const ctx = doc.context;
  let ops = '';
  for (let i = 0; i < fills; i++) ops += `0.${(i % 9) + 1} 0.3 0.5 rg 0 0 612 792 re f\n`;
  const form = ctx.register(ctx.flateStream(ops, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 612, 792] }));
  page.node.setXObject(PDFName.of('Fx'), form);
  page.node.set(PDFName.of('Contents'), ctx.register(ctx.flateStream('q /Fx Do Q\n'.repeat(draws))));
  return Buffer.from(await doc.save());
}
