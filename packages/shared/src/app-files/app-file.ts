import { FUNCTION_MESSAGES, RESERVED_FUNCTION_NAMES } from '../constants/functions.ts';
/**
 * The file tree of a generated app (ARCHITECTURE §6): `Layout.tsx`, `pages/`, `components/`,
 * `entities/` (JSON Schema + `rls`), `functions/`, `services/`, `globals.css` and `package.json`
 * (npm packages beyond the built-in set).
 */
export interface AppFile {
  /** Relative path inside the app, e.g. `pages/Home.tsx`. Forward slashes, no leading slash. */
  path: string;
  content: string;
}

/**
 * Most files an app may hold; a compile or save beyond it is refused with `APP_FILE_LIMIT_MESSAGES.tooManyFiles`.
 * Real apps exported from Base44 reach 500 source files (dozens of pages and functions besides the
 * shadcn set); contents are stored once per hash, so a version's size is its changed files.
 */
export const MAX_APP_FILES = 1000;
/** Most bytes (UTF-8) of all files of an app together: 8 MiB (large Base44 exports hold 2.5 MiB of code). */
export const MAX_APP_TOTAL_BYTES = 8 * 1024 * 1024;
/**
 * Most bytes (UTF-8) of one file: 512 KiB. Exports carry generated data modules (a 465 KB base64
 * font for their PDFs, 265 KB of translations); the editor's JSON save (1 MiB) still carries one.
 */
export const MAX_APP_FILE_BYTES = 512 * 1024;
/** Longest file path, in characters. */
export const MAX_APP_PATH_LENGTH = 200;
/** Deepest folder nesting below a top-level folder (`components/a/b/c/File.tsx` is depth 3). */
export const MAX_APP_PATH_DEPTH = 4;
/** Files with more lines than this get a warning badge in the code editor (spec 1 §2, §9). */
export const LARGE_FILE_LINE_THRESHOLD = 500;

/**
 * The app's public environment values, as Vite reads them: `VITE_*` lines of a `.env` file become
 * `import.meta.env.VITE_*` in the page (and so are public: never a secret; functions read secrets).
 */
export const APP_ENV_FILE = '.env';
/** Top-level single files an app may hold. */
export const APP_ROOT_FILES = ['Layout.tsx', 'globals.css', 'package.json', APP_ENV_FILE] as const;
/** Top-level folders an app may hold, with the file extensions each accepts. */
export const APP_FOLDERS = {
  pages: ['.tsx', '.jsx', '.ts', '.js'],
  components: ['.tsx', '.jsx', '.ts', '.js'],
  services: ['.ts', '.js', '.tsx', '.jsx'],
  entities: ['.json'],
  functions: ['.ts', '.js', '.jsonc'],
  /** Client helpers in the ecosystem's shape: `lib/utils` (`cn()`), `hooks/use-mobile`, `utils/index`. */
  lib: ['.ts', '.js', '.tsx', '.jsx'],
  hooks: ['.ts', '.js', '.tsx', '.jsx'],
  utils: ['.ts', '.js', '.tsx', '.jsx'],
  /** AI agents of an app imported from Base44: `agents/<name>.jsonc` (instructions, tools). */
  agents: ['.jsonc'],
} as const satisfies Record<string, readonly string[]>;
export type AppFolder = keyof typeof APP_FOLDERS;

const formatKiB = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
    : `${Math.round(bytes / 1024)} KB`;

export const APP_FILE_LIMIT_MESSAGES = {
  tooManyFiles: (count: number) => `The app has ${count} files; the limit is ${MAX_APP_FILES} files.`,
  tooLarge: (bytes: number) =>
    `The app's files add up to ${formatKiB(bytes)}; the limit is ${formatKiB(MAX_APP_TOTAL_BYTES)}.`,
  fileTooLarge: (path: string, bytes: number) =>
    `${path} is ${formatKiB(bytes)}; the limit for one file is ${formatKiB(MAX_APP_FILE_BYTES)}.`,
  duplicate: (path: string) => `${path} appears more than once.`,
} as const;

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/**
 * Checks one app file path. Answers `null` when the path is allowed, otherwise the reason as a
 * sentence. Allowed: `Layout.tsx`, `globals.css`, `package.json`, `.env`, and files under `pages/`, `components/`,
 * `services/`, `entities/`, `functions/`, `lib/`, `hooks/`, `utils/`, `agents/` with the extensions of
 * `APP_FOLDERS` (in functions/, .jsonc only as `functions/{name}/function.jsonc`); relative, forward
 * slashes, letters, digits, `_`, `-` and `.` only, no `..`, no empty or hidden segments.
 */
export function appPathProblem(path: string): string | null {
  if (path.length === 0) return 'The file path is empty.';
  if (path.length > MAX_APP_PATH_LENGTH)
    return `The file path is longer than ${MAX_APP_PATH_LENGTH} characters.`;
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return `${path}: absolute paths are not allowed.`;
  if (path.includes('\\')) return `${path}: use forward slashes.`;
  if (path === APP_ENV_FILE) return null;
  const segments = path.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.'))
    return `${path}: "." and ".." are not allowed in file paths.`;
  if (segments.some((segment) => !SEGMENT.test(segment)))
    return `${path}: use only letters, digits, "_", "-" and "." in file and folder names.`;
  if (segments.length === 1) {
    if ((APP_ROOT_FILES as readonly string[]).includes(path)) return null;
    return `${path}: top-level files may only be ${APP_ROOT_FILES.slice(0, -1).join(', ')} and ${APP_ROOT_FILES.at(-1)}; put others in ${Object.keys(APP_FOLDERS).join('/, ')}/.`;
  }
  const folder = segments[0] as string;
  if (!(folder in APP_FOLDERS))
    return `${path}: top-level folders may only be ${Object.keys(APP_FOLDERS).join('/, ')}/.`;
  if (segments.length - 2 > MAX_APP_PATH_DEPTH)
    return `${path}: folders may nest at most ${MAX_APP_PATH_DEPTH} levels deep.`;
  const extensions: readonly string[] = APP_FOLDERS[folder as AppFolder];
  if (!extensions.some((extension) => path.endsWith(extension)))
    return `${path}: files in ${folder}/ must end with ${extensions.join(', ')}.`;
  if (folder === 'entities' && segments.length !== 2) return `${path}: entities may not be in sub-folders.`;
  if (folder === 'agents' && segments.length !== 2) return `${path}: agents may not be in sub-folders.`;
  if (folder === 'functions') {
    if (path.endsWith('.jsonc') && !/^functions\/[^/]+\/function\.jsonc$/.test(path)) {
      return `${path}: the only .jsonc file in functions/ is a function's functions/{name}/function.jsonc.`;
    }
    const name = (segments[1] as string).replace(/\.(ts|js)$/, '');
    if ((RESERVED_FUNCTION_NAMES as readonly string[]).includes(name.toLowerCase())) {
      return `${path}: ${FUNCTION_MESSAGES.reservedName(name)}.`;
    }
  }
  return null;
}

export const isValidAppPath = (path: string) => appPathProblem(path) === null;

/** A string's UTF-8 bytes, without Node's Buffer or the DOM's TextEncoder (shared code uses neither). */
export function utf8Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(utf8Length(text));
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        i++;
      } else code = 0xfffd;
    } else if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x80) bytes[at++] = code;
    else if (code < 0x800) {
      bytes[at++] = 0xc0 | (code >> 6);
      bytes[at++] = 0x80 | (code & 63);
    } else if (code < 0x10000) {
      bytes[at++] = 0xe0 | (code >> 12);
      bytes[at++] = 0x80 | ((code >> 6) & 63);
      bytes[at++] = 0x80 | (code & 63);
    } else {
      bytes[at++] = 0xf0 | (code >> 18);
      bytes[at++] = 0x80 | ((code >> 12) & 63);
      bytes[at++] = 0x80 | ((code >> 6) & 63);
      bytes[at++] = 0x80 | (code & 63);
    }
  }
  return bytes;
}

/** Size of a string in UTF-8 bytes, without Node's Buffer. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

export interface AppFilesProblem {
  /** The file concerned, or undefined for a problem of the whole tree (count, total size). */
  path: string | undefined;
  message: string;
}

/**
 * Checks a whole tree against the path rules and the limits (count, total size, size per file,
 * duplicates). Answers every problem found; an empty list means the tree is acceptable.
 */
export function appFilesProblems(files: readonly AppFile[]): AppFilesProblem[] {
  const problems: AppFilesProblem[] = [];
  if (files.length > MAX_APP_FILES)
    problems.push({ path: undefined, message: APP_FILE_LIMIT_MESSAGES.tooManyFiles(files.length) });
  let total = 0;
  const seen = new Set<string>();
  for (const file of files) {
    const bytes = utf8Length(file.content);
    total += bytes;
    if (seen.has(file.path))
      problems.push({ path: file.path, message: APP_FILE_LIMIT_MESSAGES.duplicate(file.path) });
    seen.add(file.path);
    const pathProblem = appPathProblem(file.path);
    if (pathProblem) problems.push({ path: file.path, message: pathProblem });
    if (bytes > MAX_APP_FILE_BYTES)
      problems.push({ path: file.path, message: APP_FILE_LIMIT_MESSAGES.fileTooLarge(file.path, bytes) });
  }
  if (total > MAX_APP_TOTAL_BYTES)
    problems.push({ path: undefined, message: APP_FILE_LIMIT_MESSAGES.tooLarge(total) });
  return problems;
}

/** Number of lines of a file's content (an empty file has one line). */
export const lineCount = (content: string) => content.split('\n').length;
