import type { ContextItem } from '@atelier/shared';

/**
 * How to change one data item's content, by its type (spec 2 §2 "Data sources panel": each card
 * links to its editing instructions). Files are edited where they were made and uploaded again with
 * Replace file; connected files are edited at their source and synced again.
 */
export const EDITING_INSTRUCTIONS: Record<ContextItem['type'], string> = {
  csv: 'Open the file in a spreadsheet and edit the rows under the first row; keep the column names in the first row (Copy template gives you that row to start from). Save it as CSV, then use Replace file.',
  doc: 'Edit the document in Word or another editor and save it as DOCX, then use Replace file. The new file takes this one’s place and is synced again.',
  pdf: 'Edit the original document and export it as PDF again, then use Replace file. Scanned pages without text cannot be read.',
  txt: 'Edit the text in any text editor and save it as a .txt or .md file, then use Replace file.',
  google_doc: 'Edit the document in Google Docs, then use Sync again in Manage data to bring the changes in.',
  google_sheet:
    'Edit the rows in Google Sheets (keep the column names in the first row), then use Sync again in Manage data.',
  google_slide: 'Edit the slides in Google Slides, then use Sync again in Manage data.',
  notion_page: 'Edit the page in Notion, then use Sync again in Manage data to bring the changes in.',
  notion_database: 'Edit the database in Notion, then use Sync again in Manage data to bring the changes in.',
  web_page:
    'Change the pages on the website, then delete this item and scrape the site again in Manage data: it keeps the pages as they were when read.',
  unrecognized:
    'This file’s type is not supported: delete it and upload a CSV, DOCX, PDF or text file in Manage data.',
};
