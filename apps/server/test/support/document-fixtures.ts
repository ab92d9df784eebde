import zlib from 'node:zlib';
import { Document, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A real DOCX (written with the `docx` package) holding one paragraph per string. */
export async function makeDocx(paragraphs: string[]): Promise<Uint8Array> {
  const doc = new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph({ text })) }] });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** A real PDF (written with pdf-lib) with one page per entry, each line drawn as text. */
export async function makePdf(pages: string[][]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([600, 800]);
    for (const [i, line] of lines.entries()) page.drawText(line, { x: 40, y: 760 - i * 16, size: 11, font });
  }
  return pdf.save();
}

interface ZipEntry {
  name: string;
  data: Buffer;
  /** Size written in the headers; defaults to the real size (a lying value makes a sneaky bomb). */
  declaredSize?: number;
}

/** A zip archive built by hand, so tests can write both honest and lying zip bombs. */
export function makeZip(entries: ZipEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const compressed = zlib.deflateRawSync(entry.data, { level: 9 });
    const crc = zlib.crc32(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** A DOCX-shaped zip whose document part expands to `megabytes` of zeros. */
export function makeZipBomb(megabytes: number, options: { lie?: boolean } = {}): Uint8Array {
  return makeZip([
    { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
    {
      name: 'word/document.xml',
      data: Buffer.alloc(megabytes * 1024 * 1024),
      ...(options.lie ? { declaredSize: 1024 } : {}),
    },
  ]);
}
