import { DATA_SOURCE_MESSAGES } from '@atelier/shared';
import { ParseError } from './parse-error.ts';

/** Decodes UTF-8 text (a BOM is dropped), normalising line ends. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes.includes(0)) throw new ParseError('unsupported_file_type', DATA_SOURCE_MESSAGES.unsupportedType);
  return new TextDecoder('utf-8')
    .decode(bytes)
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n');
}
