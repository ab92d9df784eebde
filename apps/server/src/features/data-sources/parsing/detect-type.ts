import type { ContextItemType } from '@atelier/shared';
import { DATA_SOURCE_MESSAGES } from '@atelier/shared';
import { ParseError } from './parse-error.ts';

/** File types accepted by upload (spec 1 §5: CSV for lists; PDF and DOC/DOCX for docs; plain text). */
export type FileKind = 'csv' | 'pdf' | 'docx' | 'doc' | 'txt';

export const ITEM_TYPE_BY_KIND: Record<FileKind, ContextItemType> = {
  csv: 'csv',
  pdf: 'pdf',
  docx: 'doc',
  doc: 'doc',
  txt: 'txt',
};

const EXTENSIONS: Record<string, FileKind> = {
  csv: 'csv',
  pdf: 'pdf',
  docx: 'docx',
  doc: 'doc',
  txt: 'txt',
  md: 'txt',
};

/**
 * The kind of an uploaded file, from its extension, confirmed by its first bytes so a renamed
 * binary cannot pass as another type.
 */
export function detectFileKind(fileName: string, bytes: Uint8Array): FileKind {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  const kind = EXTENSIONS[extension];
  if (!kind || !magicMatches(kind, bytes)) {
    throw new ParseError('unsupported_file_type', DATA_SOURCE_MESSAGES.unsupportedType);
  }
  return kind;
}

function magicMatches(kind: FileKind, bytes: Uint8Array): boolean {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  switch (kind) {
    case 'pdf':
      return starts(0x25, 0x50, 0x44, 0x46, 0x2d); // %PDF-
    case 'docx':
      return starts(0x50, 0x4b, 0x03, 0x04); // PK\3\4
    case 'doc':
      return starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1); // OLE2 compound file
    case 'csv':
    case 'txt':
      return !bytes.subarray(0, 8192).includes(0);
  }
}
