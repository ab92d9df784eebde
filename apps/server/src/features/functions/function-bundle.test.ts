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
    ['no default export', 'export const handler = () => 1;', /No matching export/],
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
