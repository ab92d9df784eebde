import { ALLOWED_IMPORTS } from './vendor-modules.ts';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Per-function entry points real apps import (`lodash/debounce`, `date-fns/format`,
 * `date-fns/locale/fr`), served by a stand-in module that re-exports that one name of the module
 * the set has, so they need no module of their own. Undefined for any other specifier; a name the
 * module lacks is then reported like any missing export.
 */
export function subpathStandIn(specifier: string): string | undefined {
  if (ALLOWED_IMPORTS.has(specifier)) return undefined;
  const lodash = /^lodash\/([^/]+?)(\.js)?$/.exec(specifier)?.[1];
  if (lodash && IDENTIFIER.test(lodash))
    return `import { ${lodash} as value } from 'lodash';\nexport default value;`;
  const locale = /^date-fns\/locale\/([^/]+?)(\/index)?(\.js)?$/.exec(specifier)?.[1]?.replace(/-/g, '');
  if (locale && IDENTIFIER.test(locale))
    return `export { ${locale}, ${locale} as default } from 'date-fns/locale';`;
  const dateFns = /^date-fns\/([^/]+?)(\/index)?(\.js)?$/.exec(specifier)?.[1];
  if (dateFns && IDENTIFIER.test(dateFns))
    return `export { ${dateFns}, ${dateFns} as default } from 'date-fns';`;
  return undefined;
}
