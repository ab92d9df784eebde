import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { bundleFunction } from './function-bundle.ts';

const files = (entries: Record<string, string>) => new Map(Object.entries(entries));

/** Runs the bundle in a bare V8 context and answers the handler it defines. */
function handlerOf(code: string) {
  const context = vm.createContext({ __atelierSdk: { entities: { marker: 'sdk' } } });
  vm.runInContext(code, context);
  return context.__atelierHandler as (...args: unknown[]) => unknown;
}

describe('bundleFunction', () => {
  it('bundles the function with its services imports and TypeScript into one script defining the handler', async () => {
    const result = await bundleFunction(
      'functions/greet.ts',
      files({
        'functions/greet.ts': [
          "import { greeting } from '../services/text';",
          "import { shout } from '@/services/shout.ts';",
          "import { entities } from '@atelier/app-sdk';",
          'type Input = { name: string };',
          'export default (input: Input) => shout(greeting(input.name)) + (entities as { marker: string }).marker;',
        ].join('\n'),
        // biome-ignore lint/suspicious/noTemplateCurlyInString: app source code inside a string
        'services/text.ts': 'export const greeting = (name: string): string => `hello ${name}`;',
        'services/shout.ts': 'export const shout = (text: string) => text.toUpperCase();',
        'pages/Home.tsx': 'export default () => null;',
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(handlerOf(result.code)({ name: 'ada' })).toBe('HELLO ADAsdk');
  });

  it('bundles a Deno-style file: npm:@base44/sdk is the in-isolate Base44 client, npm: packages come from the resolver', async () => {
    const asked: string[] = [];
    const result = await bundleFunction(
      'functions/hook/index.ts',
      files({
        'functions/hook/index.ts': [
          "import { createClientFromRequest } from 'npm:@base44/sdk@0.8.6';",
          "import { shout } from 'npm:tiny-shout@1';",
          "import { helper } from './helper.ts';",
          "import { serve } from 'https://deno.land/std@0.168.0/http/server.ts';",
          "serve((req: Request) => new Response('std ' + helper(createClientFromRequest(req))));",
          'Deno.serve((req: Request) => new Response(shout(helper(createClientFromRequest(req)))));',
        ].join('\n'),
        'functions/hook/helper.ts': 'export const helper = (client: { name: string }) => client.name;',
      }),
      {
        npm: async (spec) => {
          asked.push(spec);
          return { code: 'export const shout = (s) => s.toUpperCase();' };
        },
      },
    );
    expect(asked).toEqual(['tiny-shout@1']);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    type Handler = (req: unknown) => { body: string };
    const served: Handler[] = [];
    const context = vm.createContext({
      __atelierBase44: { createClientFromRequest: () => ({ name: 'base44' }) },
      Deno: {
        serve: (a: unknown, b?: Handler) => served.push(typeof a === 'function' ? (a as Handler) : b!),
      },
      Response: class {
        constructor(readonly body: string) {}
      },
    });
    vm.runInContext(result.code, context);
    expect(context.__atelierHandler).toBeUndefined();
    expect(served.map((handler) => handler({}).body)).toEqual(['std base44', 'BASE44']);
  });

  it('names why an npm:, jsr: or URL import is not available', async () => {
    const source = [
      "import Stripe from 'npm:stripe@14';",
      "import { z } from 'jsr:@std/assert';",
      "import { serve } from 'https://esm.sh/some-server@1';",
      'Deno.serve(() => new Response(String([Stripe, z, serve])));',
    ].join('\n');
    const refused = await bundleFunction('functions/f.ts', files({ 'functions/f.ts': source }), {
      npm: () =>
        Promise.reject(
          new Error('Cannot use the npm package "stripe": it does not exist in the npm registry.'),
        ),
    });
    const text = refused.ok ? '' : refused.diagnostics.join('\n');
    expect(text).toContain('npm:stripe@14 is not available: it does not exist in the npm registry.');
    expect(text).toContain('jsr:@std/assert is not available: jsr: packages are not supported');
    expect(text).toContain('functions do not load code from URLs');
    const off = await bundleFunction('functions/f.ts', files({ 'functions/f.ts': source }));
    expect(off.ok ? '' : off.diagnostics.join('\n')).toContain(
      'npm:stripe@14 is not available: npm packages are not available to functions on this server.',
    );
  });

  it.each([
    [
      'an npm package',
      "import Stripe from 'stripe';\nexport default () => Stripe;",
      /Cannot import "stripe"/,
    ],
    ['a Node module', "import fs from 'node:fs';\nexport default () => fs;", /Cannot import "node:fs"/],
    [
      'a page',
      "import Home from '../pages/Home';\nexport default () => Home;",
      /functions can import services\/ files only/,
    ],
    [
      'a missing file',
      "import x from '../services/nope';\nexport default () => x;",
      /Cannot find "..\/services\/nope"/,
    ],
    ['no handler', 'export const handler = () => 1;', /no handler: export one .* or call Deno.serve/],
    ['a syntax error', 'export default () => {', /functions\/f\.ts:\d+:\d+: /],
  ])('refuses %s with a diagnostic', async (_label, source, pattern) => {
    const result = await bundleFunction(
      'functions/f.ts',
      files({ 'functions/f.ts': source, 'pages/Home.tsx': 'export default () => null;' }),
    );
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.diagnostics.join('\n')).toMatch(pattern);
  });
});
