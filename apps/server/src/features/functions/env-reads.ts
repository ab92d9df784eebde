import { isReservedSecretName, SECRET_KEY_PATTERN } from '@atelier/shared';
import { SUPABASE_ANON_KEY, supabaseApiUrl } from '../supabase/page-env.ts';

/**
 * Variables every function's env holds without a secret (invoke.service.ts): what Base44 exports
 * read to build a service client, `createClient({ appId, serviceToken })`. The "token" is a
 * placeholder: the client inside the isolate never sends it anywhere (platform/sandbox/prelude/base44.ts).
 * Supabase Edge Functions read the project's URL and public key: the app's Supabase-compatible API
 * (features/supabase/page-env.ts), as its page has them.
 */
export const BUILTIN_FUNCTION_ENV_NAMES = [
  'BASE44_APP_ID',
  'BASE44_SERVICE_TOKEN',
  'SUPABASE_URL',
  'SUPABASE_ANON_KEY',
] as const;
export const SERVICE_TOKEN_PLACEHOLDER = 'atelier-service-role';
export const builtinFunctionEnv = (appId: string, apiOrigin: string): Record<string, string> => ({
  BASE44_APP_ID: appId,
  BASE44_SERVICE_TOKEN: SERVICE_TOKEN_PLACEHOLDER,
  SUPABASE_URL: supabaseApiUrl(apiOrigin, appId),
  SUPABASE_ANON_KEY: SUPABASE_ANON_KEY,
});
const isBuiltin = (name: string) => (BUILTIN_FUNCTION_ENV_NAMES as readonly string[]).includes(name);

/**
 * The secret names a function's code reads from its env (spec 1 §7 "error of type missing_secrets"):
 * `ctx.env.NAME`, `ctx.env?.NAME`, `ctx.env['NAME']`, `env.NAME` after `const { env } = ctx`,
 * `const { A, B: b = 'x' } = ctx.env`, `({ env: { A } })` parameters and Deno's
 * `Deno.env.get('NAME')` / `Deno.env.has('NAME')`. Works on JavaScript (run
 * it on the compiled bundle, which has no types). Comments and string contents are ignored, except
 * a string used as `env['NAME']`; code inside template-literal `${…}` is read. Reserved names
 * (never passed to functions) are left out. A static reading: `ctx.env[name]` with a computed name
 * cannot be known and is not reported.
 */
export function findEnvReads(code: string): string[] {
  const { text, bracketNames } = codeOnly(code);
  const names = new Set(bracketNames);
  for (const match of text.matchAll(/\benv\d*\s*(?:\?\.|\.)\s*([A-Za-z_$][\w$]*)(?![\w$]|\s*\()/g)) {
    names.add(match[1]!);
  }
  for (const match of text.matchAll(
    /\{([^{}]*)\}\s*=\s*(?:[\w$]+\s*(?:\?\.|\.)\s*)*env\d*\b(?!\s*(?:\?\.|\.|\[))/g,
  )) {
    for (const name of destructuredNames(match[1]!)) names.add(name);
  }
  for (const match of text.matchAll(/\benv\d*\s*:\s*\{([^{}]*)\}/g)) {
    for (const name of destructuredNames(match[1]!)) names.add(name);
  }
  return [...names]
    .filter((name) => SECRET_KEY_PATTERN.test(name) && !isReservedSecretName(name) && !isBuiltin(name))
    .sort();
}

function destructuredNames(list: string): string[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('...'))
    .map((part) => /^([A-Za-z_$][\w$]*)/.exec(part)?.[1] ?? '')
    .filter(Boolean);
}

/** Where a string is a variable's name: `env['NAME']`, `Deno.env.get('NAME')`, `env.has('NAME')`. */
const BRACKET_BEFORE = /\benv\d*\s*(?:(?:\?\.)?\[|(?:\?\.|\.)\s*(?:get|has)\s*(?:\?\.)?\(\s*)$/;

/**
 * The code with comments blanked and string contents replaced by `""`; `${…}` parts of template
 * literals are kept as code. String keys used as `env['NAME']` are collected on the way.
 */
function codeOnly(source: string): { text: string; bracketNames: string[] } {
  const bracketNames: string[] = [];
  let out = '';
  let i = 0;
  /** Stack of template-literal nesting: the brace depth at which each `${` opened. */
  const templates: number[] = [];
  let depth = 0;

  const readString = (quote: string) => {
    let value = '';
    i++;
    while (i < source.length && source[i] !== quote) {
      if (source[i] === '\\') {
        value += source[i + 1] ?? '';
        i += 2;
        continue;
      }
      if (source[i] === '\n') break;
      value += source[i];
      i++;
    }
    i++;
    if (BRACKET_BEFORE.test(out)) bracketNames.push(value);
    out += '""';
  };

  /** Reads template text up to the closing backtick or a `${` (then code resumes). */
  const readTemplateText = () => {
    let value = '';
    while (i < source.length) {
      const char = source[i]!;
      if (char === '\\') {
        value += source[i + 1] ?? '';
        i += 2;
        continue;
      }
      if (char === '`') {
        i++;
        if (BRACKET_BEFORE.test(out) && !value.includes('${')) bracketNames.push(value);
        out += '""';
        return;
      }
      if (char === '$' && source[i + 1] === '{') {
        i += 2;
        out += '""+(';
        templates.push(depth);
        depth++;
        return;
      }
      value += char;
      i++;
    }
  };

  while (i < source.length) {
    const char = source[i]!;
    const next = source[i + 1];
    if (char === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i++;
      continue;
    }
    if (char === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
      out += ' ';
      continue;
    }
    if (char === '"' || char === "'") {
      readString(char);
      continue;
    }
    if (char === '`') {
      i++;
      readTemplateText();
      continue;
    }
    if (char === '{') depth++;
    if (char === '}') {
      depth--;
      if (templates.length > 0 && templates[templates.length - 1] === depth) {
        templates.pop();
        out += ')+';
        i++;
        readTemplateText();
        continue;
      }
    }
    out += char;
    i++;
  }
  return { text: out, bracketNames };
}
