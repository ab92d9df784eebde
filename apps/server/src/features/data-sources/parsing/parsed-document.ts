/** A unit of text found in a source: a whole text, a CSV row, a PDF page, a web page. */
export interface ParsedDocument {
  /** Where it came from (row 3, page 2, a URL); shown with passages. */
  locator: string | null;
  text: string;
}
