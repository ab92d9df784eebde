/** See prelude-bundle.mjs. */
export function preludeHash(): Promise<string>;
export function bundlePrelude(): Promise<string>;
