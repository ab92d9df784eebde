import { describe, expect, it } from 'vitest';
import { findEnvReads } from './env-reads.ts';

describe('findEnvReads', () => {
  it.each([
    ['ctx.env.NAME', 'export default (req, ctx) => new Response(ctx.env.STRIPE_KEY);', ['STRIPE_KEY']],
    ['optional chaining', 'const k = ctx?.env?.API_KEY;', ['API_KEY']],
    ["ctx.env['NAME']", 'const k = ctx.env[\'OPENAI_KEY\'] + ctx.env["OTHER"];', ['OPENAI_KEY', 'OTHER']],
    ['template key', 'const k = ctx.env[`TEMPLATE_KEY`];', ['TEMPLATE_KEY']],
    [
      'env after destructuring ctx',
      'const { env } = ctx; fetch(url, { headers: { a: env.TOKEN } });',
      ['TOKEN'],
    ],
    [
      'destructured names',
      "const { A_KEY, B_KEY: b, C_KEY = 'x', ...rest } = ctx.env;",
      ['A_KEY', 'B_KEY', 'C_KEY'],
    ],
    [
      'parameter destructuring',
      'export default async (req, { env: { WEBHOOK_SECRET } }) => {};',
      ['WEBHOOK_SECRET'],
    ],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: app source code inside a string
    ['template expression', 'const h = `Bearer ${ctx.env.API_TOKEN}`;', ['API_TOKEN']],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: app source code inside a string
    ['nested template', 'const h = `a ${`b ${ctx.env.DEEP}`} ${x}`;', ['DEEP']],
    ['renamed by the bundler', 'var { env: env2 } = ctx; env2.RENAMED;', ['RENAMED']],
    [
      'Deno.env.get / has (Base44 exports)',
      'const key = Deno.env.get("STRIPE_SECRET_KEY"); if (Deno.env.has(\'RESEND_KEY\')) Deno.env.get(`OPENAI_API_KEY`);',
      ['OPENAI_API_KEY', 'RESEND_KEY', 'STRIPE_SECRET_KEY'],
    ],
    [
      'Deno.env without the built-in Base44 and Supabase names, and without toObject/get as names',
      "const all = Deno.env.toObject(); Deno.env.get('BASE44_APP_ID'); Deno.env.get('BASE44_SERVICE_TOKEN'); Deno.env.get(name); Deno.env.get('SUPABASE_URL'); Deno.env.get('SUPABASE_ANON_KEY');",
      [],
    ],
  ])('finds reads through %s', (_label, code, expected) => {
    expect(findEnvReads(code)).toEqual(expected);
  });

  it('ignores comments, plain strings, computed names and reserved names', () => {
    const code = [
      '// ctx.env.IN_LINE_COMMENT',
      '/* ctx.env.IN_BLOCK */',
      "const text = 'ctx.env.IN_STRING';",
      'const other = `ctx.env.IN_TEMPLATE`;',
      'const dynamic = ctx.env[name];',
      'const path = ctx.env.PATH + ctx.env.ATELIER_INTERNAL + ctx.env.NODE_OPTIONS;',
      'const real = ctx.env.REAL_ONE;',
    ].join('\n');
    expect(findEnvReads(code)).toEqual(['REAL_ONE']);
  });

  it('answers each name once, sorted', () => {
    expect(findEnvReads('ctx.env.B; ctx.env.A; ctx.env.B; ctx.env["A"]')).toEqual(['A', 'B']);
  });
});
