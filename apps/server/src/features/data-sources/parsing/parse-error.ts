export type ParseErrorCode =
  | 'unsupported_file_type'
  | 'csv_no_headers'
  | 'csv_too_many_columns'
  | 'archive_too_large'
  | 'corrupt_file'
  | 'too_many_pages'
  | 'empty_document'
  /** The parse passed its memory or time limit (parse-isolated.ts). */
  | 'parse_limit';

/** A file that cannot be ingested; `message` is shown to the builder as the item's error reason. */
export class ParseError extends Error {
  override name = 'ParseError';
  constructor(
    readonly code: ParseErrorCode,
    message: string,
  ) {
    super(message);
  }
}
