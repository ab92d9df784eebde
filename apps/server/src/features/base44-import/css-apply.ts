import postcss, { type AtRule, type Rule } from 'postcss';
import { createCssCompiler } from '../compile/tailwind-css.ts';

/** A class an `@apply` names, without its variants (`hover:`, `md:`) and `!` importance. */
const appliedClass = (token: string) => token.replace(/^!|!$/g, '').split(':').at(-1) ?? token;

/**
 * Tailwind 3 let `@apply` name the stylesheet's own classes (`.card-glass { … }` in
 * `@layer components`); Tailwind 4 applies only utilities. Each rule `.name { … }` (top level or in
 * an `@layer`) whose class an `@apply` names becomes `@utility name { … }`, which both keeps the
 * class and lets it be applied.
 */
export function appliedClassesAsUtilities(css: string): string {
  let root: postcss.Root;
  try {
    root = postcss.parse(css);
  } catch {
    return css; // The compiler names the syntax error.
  }
  const applied = new Set<string>();
  root.walkAtRules('apply', (rule) => {
    for (const token of rule.params.split(/\s+/)) if (token) applied.add(appliedClass(token));
  });
  if (applied.size === 0) return css;
  const utilities = new Map<string, AtRule>();
  root.walkRules((rule: Rule) => {
    const name = /^\.([A-Za-z_-][\w-]*)$/.exec(rule.selector.trim())?.[1];
    const parent = rule.parent;
    const atTop =
      parent?.type === 'root' || (parent?.type === 'atrule' && (parent as AtRule).name === 'layer');
    if (!name || !applied.has(name) || !atTop) return;
    const existing = utilities.get(name);
    if (existing) {
      existing.append(rule.nodes.map((node) => node.clone()));
      rule.remove();
      return;
    }
    const utility = postcss.atRule({
      name: 'utility',
      params: name,
      raws: { ...rule.raws, afterName: ' ' },
      nodes: rule.nodes.map((node) => node.clone()),
    });
    utilities.set(name, utility);
    // @utility must be at the top level: it takes the place of its rule, or of the @layer holding it.
    if (parent?.type === 'root') rule.replaceWith(utility);
    else {
      (parent as AtRule).before(utility);
      rule.remove();
    }
  });
  root.walkAtRules('layer', (layer) => {
    if (layer.nodes?.length === 0) layer.remove();
  });
  return root.toString();
}

let cssCompiler: ReturnType<typeof createCssCompiler> | undefined;
const UNKNOWN_UTILITY = /Cannot apply unknown utility class `([^`]+)`/;

/**
 * What Tailwind 4 still refuses to `@apply` after the translation (a plugin's class, a config
 * value that is not a literal) is taken out of the `@apply`, so the rest of the stylesheet
 * applies; each class left out is named. At most 50 rounds.
 */
export async function withoutUnknownApplies(css: string): Promise<{ css: string; dropped: string[] }> {
  cssCompiler ??= createCssCompiler({ cacheSize: 50 });
  const dropped: string[] = [];
  let current = css;
  for (let round = 0; round < 50; round++) {
    const result = await cssCompiler.compile(current, []);
    const unknown = result.ok ? undefined : UNKNOWN_UTILITY.exec(result.diagnostics[0]?.message ?? '')?.[1];
    if (!unknown) break;
    let root: postcss.Root;
    try {
      root = postcss.parse(current);
    } catch {
      break;
    }
    let changed = false;
    root.walkAtRules('apply', (rule) => {
      const tokens = rule.params.split(/\s+/).filter(Boolean);
      const kept = tokens.filter((token) => token.replace(/^!|!$/g, '') !== unknown);
      if (kept.length === tokens.length) return;
      changed = true;
      if (kept.length === 0) rule.remove();
      else rule.params = kept.join(' ');
    });
    if (!changed) break;
    dropped.push(unknown);
    current = root.toString();
  }
  return { css: current, dropped };
}
