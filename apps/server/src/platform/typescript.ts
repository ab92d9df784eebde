import { createRequire } from 'node:module';
import type * as TS from 'typescript';

export type { TS };

const require = createRequire(import.meta.url);
let loaded: typeof TS | undefined;

/**
 * The TypeScript compiler API, loaded on first use: it is about 9 MB of JavaScript (some 150 ms
 * and 50 MB at start-up) that only the Base44 importer and the code checks need. A property read
 * loads it; `require`, not a static import, so that the server bundle does not load it at start.
 */
export const ts: typeof TS = new Proxy({} as typeof TS, {
  get(_target, key) {
    loaded ??= require('typescript') as typeof TS;
    return Reflect.get(loaded, key);
  },
});
