import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The modules that assemble every feature: nothing they assemble may import them. */
const ASSEMBLERS = ['app.ts', 'services.ts', 'server.ts'].map((file) => path.join(SRC, file));

/** Module specifiers of a source file: static imports and re-exports (type-only included) and `import()`. */
function specifiersOf(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)) {
    found.push(match[1] as string);
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('layers', () => {
  it('reads every kind of import', () => {
    const source = [
      "import type { AppDeps } from '../../app.ts';",
      "import { x } from './x.ts';",
      "export { y } from '../y.ts';",
      "const z = await import('./z.ts');",
      "import './side-effect.ts';",
    ].join('\n');
    expect(specifiersOf(source)).toEqual(['../../app.ts', './x.ts', '../y.ts', './z.ts', './side-effect.ts']);
  });

  it('no feature or platform module imports app.ts, services.ts or server.ts (which import every feature)', () => {
    const offenders = ['features', 'platform'].flatMap((layer) =>
      sourceFiles(path.join(SRC, layer)).filter((file) =>
        specifiersOf(fs.readFileSync(file, 'utf8')).some(
          (specifier) =>
            specifier.startsWith('.') && ASSEMBLERS.includes(path.resolve(path.dirname(file), specifier)),
        ),
      ),
    );
    expect(offenders.map((file) => path.relative(SRC, file))).toEqual([]);
  });
});
