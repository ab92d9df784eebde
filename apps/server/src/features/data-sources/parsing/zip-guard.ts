import zlib from 'node:zlib';
import { ParseError } from './parse-error.ts';

export interface ZipLimits {
  /** Sum of the uncompressed sizes of every entry. */
  maxTotalBytes: number;
  maxEntries: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxTotalBytes: 100 * 1024 * 1024, maxEntries: 2_000 };

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

/**
 * Refuses zip archives (DOCX) that would expand past the limits, before any library unpacks them.
 * The central directory's declared sizes are summed, and then every deflated entry is inflated
 * with `maxOutputLength` set to its declared size, so an entry that lies about its size (the
 * classic zip bomb) fails here after at most the declared bytes, instead of filling memory later.
 */
export function assertSafeZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): void {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfCentralDirectory(buffer);
  const entries = buffer.readUInt16LE(eocd + 10);
  const directoryOffset = buffer.readUInt32LE(eocd + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff) {
    throw new ParseError('corrupt_file', 'The document uses ZIP64, which is not supported');
  }
  if (entries > limits.maxEntries) {
    throw new ParseError(
      'archive_too_large',
      `The document has too many parts (more than ${limits.maxEntries})`,
    );
  }
  let offset = directoryOffset;
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > buffer.length || buffer.readUInt32LE(offset) !== CENTRAL_SIGNATURE) {
      throw new ParseError('corrupt_file', 'The document is damaged (bad zip directory)');
    }
    const method = buffer.readUInt16LE(offset + 10);
    const compressedSize = buffer.readUInt32LE(offset + 20);
    const uncompressedSize = buffer.readUInt32LE(offset + 24);
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    const localOffset = buffer.readUInt32LE(offset + 42);
    total += uncompressedSize;
    if (total > limits.maxTotalBytes) throw tooLarge(limits);
    verifyEntry(buffer, { method, compressedSize, uncompressedSize, localOffset }, limits);
    offset += 46 + nameLength + extraLength + commentLength;
  }
}

function verifyEntry(
  buffer: Buffer,
  entry: { method: number; compressedSize: number; uncompressedSize: number; localOffset: number },
  limits: ZipLimits,
) {
  const at = entry.localOffset;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== LOCAL_SIGNATURE) {
    throw new ParseError('corrupt_file', 'The document is damaged (bad zip entry)');
  }
  const dataStart = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  const data = buffer.subarray(dataStart, dataStart + entry.compressedSize);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.uncompressedSize) {
      throw new ParseError('corrupt_file', 'The document is damaged (bad stored entry)');
    }
    return;
  }
  if (entry.method !== 8)
    throw new ParseError('corrupt_file', 'The document uses an unsupported compression');
  try {
    zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw tooLarge(limits);
    }
    throw new ParseError('corrupt_file', 'The document is damaged (bad compressed data)');
  }
}

function tooLarge(limits: ZipLimits) {
  const mb = Math.round(limits.maxTotalBytes / (1024 * 1024));
  return new ParseError('archive_too_large', `The document expands to more than ${mb} MB and was refused`);
}

function findEndOfCentralDirectory(buffer: Buffer): number {
  const earliest = Math.max(0, buffer.length - 22 - 0xffff);
  for (let i = buffer.length - 22; i >= earliest; i--) {
    if (buffer.readUInt32LE(i) === EOCD_SIGNATURE) return i;
  }
  throw new ParseError('corrupt_file', 'The document is damaged (not a zip archive)');
}
