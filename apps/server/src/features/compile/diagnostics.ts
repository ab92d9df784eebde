import type { Message } from 'esbuild';
import { alternativesFor } from './vendor/alternatives.ts';
import { describePackages } from './vendor/vendor-modules.ts';

/** One compile problem, located in an app file (`line` and `column` are 1-based, column in characters). */
export interface CompileDiagnostic {
  /** App file path (`pages/Home.tsx`), or undefined for a problem of the whole tree (limits). */
  file: string | undefined;
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning';
}

export const APP_NAMESPACE_PREFIX = 'app:';

/** The app path of an esbuild location file (`app:pages/Home.tsx` → `pages/Home.tsx`), else undefined. */
export function appPathOfLocation(file: string): string | undefined {
  if (file.startsWith(APP_NAMESPACE_PREFIX)) return file.slice(APP_NAMESPACE_PREFIX.length);
  if (file.startsWith('app-entity:')) return `${file.slice('app-entity:'.length)}.json`;
  return undefined;
}

/** esbuild's column counts UTF-8 bytes from 0; editors count characters from 1. */
function characterColumn(lineText: string, byteColumn: number): number {
  const bytes = Buffer.from(lineText, 'utf8');
  return bytes.subarray(0, byteColumn).toString('utf8').length + 1;
}

/** How an app gets a package beyond the set (features/npm): the model's action, or the builder's edit. */
const NAME_IT_FIRST =
  'Another npm package must first be named in package.json (the add_package action), which installs it from npm.';

/**
 * The diagnostic text for an import of a package outside the allow-list: what in the set does the
 * job when something does, then the whole list, then how to add another package.
 */

export function notAllowedMessage(specifier: string): string {
  if (/\.css$/i.test(specifier))
    return `"${specifier}" is the stylesheet of a package the app does not use: name the package in package.json to load it, or style with Tailwind classes (theme and custom CSS go in globals.css).`;
  const alternatives = alternativesFor(specifier);
  const instead =
    alternatives.length > 0 ? `; use ${alternatives.map((name) => `"${name}"`).join(' or ')} instead` : '';
  return `"${specifier}" is not available in generated apps${instead}. Apps may import their own files (./…, @/…) and these packages: ${describePackages()}. ${NAME_IT_FIRST}`;
}

const couldNotResolve = /^Could not resolve "([^"]+)"$/;
const missingDefault = /^No matching export in "app:([^"]+)" for import "default"$/;

/** Turns an esbuild message into a diagnostic on the app file it concerns. */
export function fromEsbuildMessage(
  message: Message,
  severity: CompileDiagnostic['severity'],
): CompileDiagnostic {
  const missing = missingDefault.exec(message.text);
  if (missing) {
    const file = missing[1]!;
    const what = file === 'Layout.tsx' ? 'the layout' : 'a page';
    return {
      file,
      line: 1,
      column: 1,
      message: `${file} has no default export: ${what} must \`export default\` its component.`,
      severity,
    };
  }
  const unresolved = couldNotResolve.exec(message.text);
  if (unresolved) message = { ...message, text: notAllowedMessage(unresolved[1]!), notes: [] };
  const location = message.location;
  const file = location ? appPathOfLocation(location.file) : undefined;
  const notes = message.notes.map((note) => note.text).filter(Boolean);
  const text = notes.length > 0 ? `${message.text} (${notes.join(' ')})` : message.text;
  if (!location || !file) return { file, line: 1, column: 1, message: text, severity };
  return {
    file,
    line: location.line,
    column: characterColumn(location.lineText, location.column),
    message: text,
    severity,
  };
}
