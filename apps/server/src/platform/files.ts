import fs from 'node:fs';

/** Writes a file under another name first, then renames it: a reader never sees half of it. */
export function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}
