import ts from 'typescript';

/** Tailwind 3 `theme.extend` keys and the Tailwind 4 theme namespace each becomes. */
const NAMESPACES: Record<string, string> = {
  colors: 'color',
  fontFamily: 'font',
  fontSize: 'text',
  fontWeight: 'font-weight',
  letterSpacing: 'tracking',
  lineHeight: 'leading',
  borderRadius: 'radius',
  boxShadow: 'shadow',
  dropShadow: 'drop-shadow',
  blur: 'blur',
  screens: 'breakpoint',
  spacing: 'spacing',
  maxWidth: 'container',
  animation: 'animate',
  transitionTimingFunction: 'ease',
};

type Literal = string | string[] | { [key: string]: Literal };

export interface TailwindTheme {
  /** Lines for `@theme` (`--color-brand: #123456;`), by variable name. */
  variables: Map<string, string>;
  /** `@keyframes` blocks of the config's `keyframes`. */
  keyframes: string[];
}

/**
 * What an export's Tailwind 3 config (`tailwind.config.js`) adds to the theme, read without
 * running it (its code would run on the server): the literal values under `theme.extend` (and
 * `theme`) as Tailwind 4 theme variables, `keyframes` as CSS. Values that are not literals
 * (`defaultTheme.fontFamily.sans`, function calls) are left out.
 */
export function tailwindConfigTheme(source: string): TailwindTheme {
  const variables = new Map<string, string>();
  const keyframes: string[] = [];
  const file = ts.createSourceFile(
    'tailwind.config.js',
    source,
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.JS,
  );
  const config = configObject(file);
  const theme = config && objectProperty(config, 'theme');
  if (!theme) return { variables, keyframes };
  const extend = objectProperty(theme, 'extend');
  for (const section of [theme, extend]) {
    if (!section) continue;
    for (const property of section.properties) {
      const key = propertyName(property);
      if (!key || !ts.isPropertyAssignment(property)) continue;
      const value = literalOf(property.initializer);
      if (value === undefined || typeof value === 'string' || Array.isArray(value)) continue;
      if (key === 'keyframes') {
        for (const [name, frames] of Object.entries(value)) {
          const css = keyframesCss(name, frames);
          if (css) keyframes.push(css);
        }
        continue;
      }
      const namespace = NAMESPACES[key];
      if (!namespace) continue;
      for (const [name, text] of flatten(value, key))
        if (safeCss(text)) variables.set(`--${namespace}${name ? `-${name}` : ''}`, text);
    }
  }
  return { variables, keyframes };
}

/** `module.exports = {…}`, `export default {…}` or `const config = {…}; export default config`. */
function configObject(file: ts.SourceFile): ts.ObjectLiteralExpression | undefined {
  const objects = new Map<string, ts.ObjectLiteralExpression>();
  let found: ts.ObjectLiteralExpression | undefined;
  const unwrap = (node: ts.Expression): ts.ObjectLiteralExpression | undefined => {
    let expression = node;
    while (
      ts.isParenthesizedExpression(expression) ||
      ts.isAsExpression(expression) ||
      ts.isSatisfiesExpression(expression)
    )
      expression = expression.expression;
    if (ts.isObjectLiteralExpression(expression)) return expression;
    if (ts.isIdentifier(expression)) return objects.get(expression.text);
    // defineConfig({…}) and the like.
    if (ts.isCallExpression(expression) && expression.arguments[0]) return unwrap(expression.arguments[0]);
    return undefined;
  };
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const value = declaration.initializer && unwrap(declaration.initializer);
        if (value && ts.isIdentifier(declaration.name)) objects.set(declaration.name.text, value);
      }
    } else if (ts.isExportAssignment(statement)) found = unwrap(statement.expression) ?? found;
    else if (
      ts.isExpressionStatement(statement) &&
      ts.isBinaryExpression(statement.expression) &&
      statement.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      statement.expression.left.getText(file) === 'module.exports'
    )
      found = unwrap(statement.expression.right) ?? found;
  }
  return found;
}

function propertyName(property: ts.ObjectLiteralElementLike): string | undefined {
  const name = property.name;
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

function objectProperty(
  object: ts.ObjectLiteralExpression,
  key: string,
): ts.ObjectLiteralExpression | undefined {
  for (const property of object.properties)
    if (propertyName(property) === key && ts.isPropertyAssignment(property))
      return ts.isObjectLiteralExpression(property.initializer) ? property.initializer : undefined;
  return undefined;
}

function literalOf(node: ts.Expression): Literal | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isNumericLiteral(node))
    return node.text;
  if (ts.isArrayLiteralExpression(node)) {
    const items = node.elements.map((element) => literalOf(element));
    // fontSize: ['2rem', { lineHeight: … }] keeps its size.
    if (typeof items[0] === 'string' && items.slice(1).every((item) => item !== undefined))
      return items.filter((item): item is string => typeof item === 'string');
    return undefined;
  }
  if (ts.isObjectLiteralExpression(node)) {
    const object: Record<string, Literal> = {};
    for (const property of node.properties) {
      const key = propertyName(property);
      if (!key || !ts.isPropertyAssignment(property)) continue;
      const value = literalOf(property.initializer);
      if (value !== undefined) object[key] = value;
    }
    return object;
  }
  return undefined;
}

/** Nested colour scales (`brand: { DEFAULT, 500 }`) as `brand`, `brand-500`; font stacks joined. */
function flatten(value: Literal, section: string, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value.trim()]];
  if (Array.isArray(value))
    return [[prefix, section === 'fontFamily' ? value.map(fontName).join(', ') : value[0]!.trim()]];
  return Object.entries(value).flatMap(([key, inner]) => {
    const name = key === 'DEFAULT' ? prefix : prefix ? `${prefix}-${key}` : key;
    return safeName(key) ? flatten(inner, section, name) : [];
  });
}

const fontName = (name: string) => (/^[\w-]+$/.test(name) ? name : JSON.stringify(name.replace(/["']/g, '')));
const safeName = (name: string) => /^[A-Za-z0-9_-]+$/.test(name);
/** A value that cannot close the declaration or the block it goes into. */
const safeCss = (value: string) => value.length > 0 && value.length < 500 && !/[;{}<>]/.test(value);

function keyframesCss(name: string, frames: Literal): string | undefined {
  if (!safeName(name) || typeof frames !== 'object' || Array.isArray(frames)) return undefined;
  const blocks: string[] = [];
  for (const [selector, declarations] of Object.entries(frames)) {
    if (!/^[\w%,.\s-]+$/.test(selector) || typeof declarations !== 'object' || Array.isArray(declarations))
      return undefined;
    const lines = Object.entries(declarations)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && safeCss(entry[1]))
      .map(
        ([property, value]) => `    ${property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${value};`,
      );
    blocks.push(`  ${selector} {\n${lines.join('\n')}\n  }`);
  }
  return `@keyframes ${name} {\n${blocks.join('\n')}\n}`;
}
