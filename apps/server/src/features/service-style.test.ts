import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FEATURES = path.dirname(fileURLToPath(import.meta.url));

/** Classes that are data structures with their own invariants, not services (docs/architecture.md). */
const DATA_STRUCTURES = new Set(['LruCache', 'Bm25Index', 'Limiter', 'AppTree', 'Parser']);

interface DeclaredClass {
  name: string;
  base: string | undefined;
  file: string;
}

/** The classes a source file declares (exported or not), with the class they extend. */
function classesOf(source: string, file = ''): DeclaredClass[] {
  return [
    ...source.matchAll(
      /^\s*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+(\w+)(?:\s+extends\s+([\w.]+))?/gm,
    ),
  ].map((match) => ({ name: match[1] as string, base: match[2], file }));
}

/** Errors extend an `…Error` class (`AppError`, `Error`, …); anything else must be a known data structure. */
function offends(declared: DeclaredClass): boolean {
  if (/(Service|Repo|Repository|Store)$/.test(declared.name)) return true;
  if (declared.base && /Error$/.test(declared.base)) return false;
  return !DATA_STRUCTURES.has(declared.name);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('one service style', () => {
  it('reads class declarations and tells services from errors and data structures', () => {
    const found = classesOf(
      [
        'export class BillingRepo {',
        'class ChatAttachments {',
        'export class CrawlError extends Error {',
        'export class ConnectorNotConnectedError extends ConnectorError {}',
        'export class LruCache<K, V> {',
        'class Refusal extends Error {}',
        "const text = 'a class inside a string';",
      ].join('\n'),
    );
    expect(found.map((declared) => [declared.name, offends(declared)])).toEqual([
      ['BillingRepo', true],
      ['ChatAttachments', true],
      ['CrawlError', false],
      ['ConnectorNotConnectedError', false],
      ['LruCache', false],
      ['Refusal', false],
    ]);
  });

  it('features make services and repositories with factories, not classes (docs/architecture.md)', () => {
    const offenders = sourceFiles(FEATURES)
      .flatMap((file) => classesOf(fs.readFileSync(file, 'utf8'), path.relative(FEATURES, file)))
      .filter(offends)
      .map((declared) => `${declared.file}: class ${declared.name}`);
    expect(offenders).toEqual([]);
  });
});
