import { getDocumentProxy } from 'unpdf';
import { ParseError } from './parse-error.ts';
import type { ParsedDocument } from './parsed-document.ts';

export const MAX_PDF_PAGES = 2_000;
/** Largest image pdf.js may decode (pixels); text extraction needs none, so keep it small. */
const MAX_IMAGE_PIXELS = 4096 * 4096;

/**
 * Text of every page (one document per page). pdf.js runs with `eval` off (no code generated from
 * font programs), no font-face loading, a cap on decoded image size, and a page cap.
 */
export async function parsePdf(
  bytes: Uint8Array,
  onPage?: (pagesDone: number, pagesTotal: number) => void | Promise<void>,
): Promise<ParsedDocument[]> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), {
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      maxImageSize: MAX_IMAGE_PIXELS,
      stopAtErrors: false,
      verbosity: 0,
    });
  } catch {
    throw new ParseError('corrupt_file', 'The PDF file could not be read');
  }
  try {
    if (pdf.numPages > MAX_PDF_PAGES) {
      throw new ParseError(
        'too_many_pages',
        `The PDF has ${pdf.numPages} pages; at most ${MAX_PDF_PAGES} are read`,
      );
    }
    const documents: ParsedDocument[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('')
        .replace(/[ \t]+\n/g, '\n')
        .trim();
      page.cleanup();
      if (text) documents.push({ locator: `page ${number}`, text });
      await onPage?.(number, pdf.numPages);
    }
    return documents;
  } finally {
    await pdf.destroy();
  }
}
