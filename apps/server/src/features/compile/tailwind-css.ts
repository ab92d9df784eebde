import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Scanner } from '@tailwindcss/oxide';
import { compile } from 'tailwindcss';
import type { CompileDiagnostic } from './diagnostics.ts';
import { LruCache } from './lru.ts';
import { compilePaths } from './paths.ts';
import { UI_THEME_CSS } from './ui-theme.ts';

export type CssResult =
  | { ok: true; css: string; webStylesheets: WebStylesheet[] }
  | { ok: false; diagnostics: CompileDiagnostic[] };

/** A source file whose class names end up in the CSS. */
export interface CssSource {
  path: string;
  content: string;
}

type TailwindCompiler = Awaited<ReturnType<typeof compile>>;

const UI_THEME_ID = 'atelier-ui-theme';
/** `@import "tailwindcss";` (any quotes, optional layer/url form) — the compiler adds it itself. */
const TAILWIND_IMPORT = /@import\s+(?:url\()?\s*["']tailwindcss["']\s*\)?[^;\n]*;/g;
/**
 * tailwindcss-animate's classes (`animate-in`, `fade-in`, `zoom-in-95`, `slide-in-from-top-2`…),
 * which shadcn/ui's components use, from its Tailwind 4 successor: in every app's CSS (only the
 * classes an app uses produce rules). An app's own `@import "tw-animate-css"` is the same sheet.
 */
const ANIMATE_ID = 'tw-animate-css';
const ANIMATE_IMPORT = /@import\s+(?:url\()?\s*["']tw-animate-css["']\s*\)?[^;\n]*;/g;
/**
 * A remote stylesheet the app's own CSS imports over https (`@import url('https://fonts.googleapis.com/…')`,
 * the web fonts exported Base44 apps load): its address, then what follows it (media queries).
 */
const REMOTE_IMPORT =
  /@import\s+(?:url\(\s*(["']?)(https:\/\/[^"'()\s]+)\1\s*\)|(["'])(https:\/\/[^"'\s]+)\3)([^;\n{}]*);/g;

/** A remote stylesheet of the app's CSS, which the page loads with a `<link>` of its own. */
export interface WebStylesheet {
  href: string;
  /** Its media query, if the `@import` named one. */
  media?: string;
}

/**
 * globals.css's remote `@import`s taken out (each left as a comment on its line, so positions keep
 * their numbers): CSS reads an `@import` only before any rule, and Tailwind's rules come first in
 * what it builds; the page links them itself (compile/html.ts), where one out of reach is only a
 * font the page falls back from, not a stylesheet of the app's that failed.
 */
export function hoistRemoteImports(css: string): { css: string; stylesheets: WebStylesheet[] } {
  const stylesheets: WebStylesheet[] = [];
  const rest = css.replace(
    REMOTE_IMPORT,
    (_all, _q, urlA?: string, _q2?: string, urlB?: string, tail = '') => {
      const media = /^[\w\s(),:.-]*$/.test(tail) ? tail.trim() : '';
      stylesheets.push({ href: urlA ?? urlB ?? '', ...(media ? { media } : {}) });
      return '/* a remote @import: the page links it */';
    },
  );
  return { css: rest, stylesheets };
}

/** Most source versions one Tailwind compiler remembers having been given before it is reset. */
const MAX_FED_SOURCES = 5_000;
/** Lines the compiler puts before globals.css (Tailwind's positions count them). */
const PRELUDE_LINES = 2;

/**
 * Compiles an app's CSS with Tailwind 4: `@import "tailwindcss"`, the UI kit's theme tokens, then
 * the app's `globals.css` (whose own `@theme` wins), with the utilities of every class name found in
 * the app's sources, the UI kit and the runtime. Scans are cached per file content; a parsed
 * Tailwind compiler is kept per `globals.css` (it only ever adds rules, so at worst a later build
 * carries rules of classes an earlier version used: harmless, and bounded by a reset).
 */
export function createCssCompiler({ cacheSize = 2000 }: { cacheSize?: number } = {}) {
  const scanner = new Scanner({ sources: [] });
  const candidatesByContent = new LruCache<string, string[]>(cacheSize);
  /**
   * A parsed compiler per `globals.css`, with the sources it has been given (by content hash) and
   * how many candidates it has taken. Tailwind's compiler keeps every candidate it was given, so a
   * build needs only the candidates of sources it has not seen: a one-file edit hands it that
   * file's, not the tree's and the UI kit's thousands again (issue 22 #5: about 2 ms a rebuild).
   */
  const compilers = new LruCache<
    string,
    {
      compiler: TailwindCompiler;
      stylesheets: WebStylesheet[];
      seen: number;
      fed: Set<string>;
      builtIns: boolean;
    }
  >(8);
  const builtIn = builtInSources();
  let builtInCandidates: string[] | undefined;

  function scan(source: CssSource, key: string): string[] {
    let candidates = candidatesByContent.get(key);
    if (!candidates) {
      const extension = path.posix.extname(source.path).slice(1) || 'tsx';
      const found = scanner.getCandidatesWithPositions({ content: source.content, extension });
      candidates = [...new Set(found.map((entry) => entry.candidate))];
      candidatesByContent.set(key, candidates);
    }
    return candidates;
  }

  const candidatesOf = (source: CssSource) => scan(source, hashText(source.content));

  async function compilerFor(globalsCss: string, candidateCount: number) {
    const cached = compilers.get(globalsCss);
    // Reset a compiler that has accumulated far more candidates than the app now uses.
    if (cached && cached.seen <= Math.max(4 * candidateCount, 20_000) && cached.fed.size <= MAX_FED_SOURCES)
      return cached;
    // The app's own `@import "tailwindcss"` becomes a comment, so its lines keep their numbers.
    const { css: ownCss, stylesheets } = hoistRemoteImports(globalsCss);
    const appCss = ownCss
      .replace(TAILWIND_IMPORT, '/* tailwindcss is imported by the compiler */')
      .replace(ANIMATE_IMPORT, '/* tw-animate-css is imported by the compiler */');
    const input = `@import "tailwindcss";\n@import "${UI_THEME_ID}"; @import "${ANIMATE_ID}";\n${appCss}`;
    const compiler = await compile(input, { base: '/', from: 'globals.css', loadStylesheet, loadModule });
    const entry = { compiler, stylesheets, seen: 0, fed: new Set<string>(), builtIns: false };
    compilers.set(globalsCss, entry);
    return entry;
  }

  return {
    async compile(globalsCss: string, sources: readonly CssSource[]): Promise<CssResult> {
      // The UI kit's and the runtime's candidates are found once: they never change in a process.
      builtInCandidates ??= [...new Set(builtIn.flatMap(candidatesOf))];
      const keys = sources.map((source) => hashText(source.content));
      const scanned = sources.map((source, index) => scan(source, keys[index]!));
      const count = builtInCandidates.length + scanned.reduce((sum, list) => sum + list.length, 0);
      try {
        const entry = await compilerFor(globalsCss, count);
        const fresh: string[] = entry.builtIns ? [] : [...builtInCandidates];
        keys.forEach((key, index) => {
          if (!entry.fed.has(key)) fresh.push(...scanned[index]!);
        });
        const css = entry.compiler.build(fresh);
        entry.builtIns = true;
        for (const key of keys) entry.fed.add(key);
        entry.seen += fresh.length;
        return { ok: true, css, webStylesheets: entry.stylesheets };
      } catch (error) {
        return { ok: false, diagnostics: [cssDiagnostic(error, globalsCss)] };
      }
    },
  };
}

export type CssCompiler = ReturnType<typeof createCssCompiler>;

function hashText(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}

let builtInCache: CssSource[] | undefined;
/** The UI kit's and the runtime's sources: their classes are in every app's CSS. */
function builtInSources(): CssSource[] {
  if (builtInCache) return builtInCache;
  const { uiDir, runtimeFile } = compilePaths();
  const sourcesOf = (dir: string) =>
    fs
      .readdirSync(dir)
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => path.join(dir, file));
  builtInCache = [...sourcesOf(uiDir), ...sourcesOf(path.dirname(runtimeFile))].map((file) => ({
    path: file,
    content: fs.readFileSync(file, 'utf8'),
  }));
  return builtInCache;
}

/**
 * Plugins and config files would run code on the server: apps may not load them. tailwindcss-animate
 * (`@plugin "tailwindcss-animate"` in shadcn's stylesheets) is a no-op: its classes are always there.
 */
async function loadModule(id: string, base: string) {
  if (id === 'tailwindcss-animate') return { path: id, base, module: () => {} };
  throw new Error(`"${id}" cannot be loaded: globals.css may not use @plugin or @config.`);
}

async function loadStylesheet(
  id: string,
  base: string,
): Promise<{ path: string; base: string; content: string }> {
  const { serverDir } = compilePaths();
  let file: string | undefined;
  if (id === UI_THEME_ID) return { path: UI_THEME_ID, base: '/', content: UI_THEME_CSS };
  if (id === 'tailwindcss') file = path.join(tailwindDir(serverDir), 'index.css');
  else if (id === ANIMATE_ID) file = path.join(packageDir(serverDir, ANIMATE_ID), 'dist/tw-animate.css');
  else if (id.startsWith('tailwindcss/'))
    file = path.join(tailwindDir(serverDir), id.slice('tailwindcss/'.length));
  else if (base.startsWith(tailwindDir(serverDir)) && id.startsWith('./')) file = path.join(base, id);
  if (!file?.endsWith('.css') || !fs.existsSync(file)) {
    throw new Error(`@import "${id}" is not available: globals.css may import only "tailwindcss".`);
  }
  return { path: file, base: path.dirname(file), content: fs.readFileSync(file, 'utf8') };
}

const tailwindDir = (serverDir: string) => packageDir(serverDir, 'tailwindcss');

const packageDirs = new Map<string, string>();
/** The installed folder of a package the compiler reads stylesheets from. */
function packageDir(serverDir: string, name: string): string {
  const known = packageDirs.get(name);
  if (known) return known;
  for (let dir = serverDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) {
      packageDirs.set(name, candidate);
      return candidate;
    }
    if (path.dirname(dir) === dir) throw new Error(`${name} is not installed`);
  }
}

/**
 * A Tailwind error as a diagnostic on globals.css: at the position Tailwind names (`globals.css:3:1:`,
 * counted without our prelude lines), else at the first line that mentions the culprit.
 */
function cssDiagnostic(error: unknown, globalsCss: string): CompileDiagnostic {
  const raw = error instanceof Error ? error.message : String(error);
  const positioned = /^globals\.css:(\d+):(\d+):\s*([\s\S]*)$/.exec(raw);
  if (positioned) {
    return {
      file: 'globals.css',
      line: Math.max(1, Number(positioned[1]) - PRELUDE_LINES),
      column: Number(positioned[2]),
      message: positioned[3]!,
      severity: 'error',
    };
  }
  const message = raw;
  const culprit = /`([^`]+)`|"([^"]+)"/.exec(message);
  const needle = culprit?.[1] ?? culprit?.[2];
  let line = 1;
  let column = 1;
  if (needle) {
    const lines = globalsCss.split('\n');
    const index = lines.findIndex((text) => text.includes(needle));
    if (index >= 0) {
      line = index + 1;
      column = lines[index]!.indexOf(needle) + 1;
    }
  }
  return { file: 'globals.css', line, column, message, severity: 'error' };
}
