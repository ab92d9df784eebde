import fc from 'fast-check';

/** Helpers of the API fuzzing test (src/ops/fuzz.it.test.ts): requests generated from the OpenAPI document. */

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema fragments of the OpenAPI document are untyped.
export type JsonSchema = Record<string, any>;

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

export interface FuzzOperation {
  method: string;
  /** OpenAPI path, e.g. `/apps/{appId}/entities/{entity}` (mounted under `/api`). */
  path: string;
  operation: Operation;
}

export function operationsOf(doc: OpenApiDocument): FuzzOperation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

/** Nested arrays (and objects) this deep. */
export function deeplyNested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

const nastyStrings = [
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\uFEFF',
  '\u202Eevil',
  'Z̸̢̛̖a̵l̴g̶o̷',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  "'; drop table apps; --",
  '%00%2e%2e%2f',
  '{"$where":"1"}',
  '<script>alert(1)</script>',
  'NaN',
  '-1',
  '1e309',
  'null',
  'true',
];

/** Values of the wrong type, of extreme size or of odd text: what a field is replaced with. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...nastyStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1000, maxLength: 4000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 20_000, max: 300_000 }).map((n) => 'é'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 1_100_000, max: 1_200_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 2, arbitrary: fc.integer({ min: 20, max: 800 }).map((n) => deeplyNested(n, 'array')) },
  { weight: 2, arbitrary: fc.integer({ min: 20, max: 800 }).map((n) => deeplyNested(n, 'object')) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      0,
      -1,
      1.5,
      -0,
      1e308,
      -1e308,
      Number.MAX_SAFE_INTEGER + 2,
      2 ** 31,
      true,
      false,
      null,
      [],
      {},
      [null],
      { '': null },
    ),
  },
  { weight: 2, arbitrary: fc.array(fc.string(), { minLength: 1000, maxLength: 3000 }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.string({ unit: 'binary', maxLength: 8 }), fc.jsonValue({ maxDepth: 1 })),
  },
);

function resolve(schema: JsonSchema | undefined, doc: OpenApiDocument): JsonSchema {
  if (!schema) return {};
  const ref = schema.$ref as string | undefined;
  if (ref?.startsWith('#/components/schemas/')) {
    return doc.components?.schemas?.[ref.slice('#/components/schemas/'.length)] ?? {};
  }
  return schema;
}

/** Values that (mostly) match the schema: the starting point that mutations then break. */
export function validValue(
  schemaIn: JsonSchema | undefined,
  doc: OpenApiDocument,
  depth = 0,
): fc.Arbitrary<unknown> {
  const schema = resolve(schemaIn, doc);
  if (depth > 5) return fc.constant(null);
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union?.length) return fc.oneof(...union.map((s) => validValue(s, doc, depth + 1)));
  if (schema.allOf?.length) return validValue(schema.allOf[0], doc, depth + 1);
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]) as (string | undefined)[];
  const type = types.find((t) => t !== 'null') ?? types[0];
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const keys = Object.keys(properties);
      if (keys.length === 0)
        return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      return fc.record(
        Object.fromEntries(keys.map((key) => [key, validValue(properties[key], doc, depth + 1)])),
        { requiredKeys: ((schema.required ?? []) as string[]).filter((key) => keys.includes(key)) },
      );
    }
    case 'array':
      return fc.array(validValue(schema.items as JsonSchema, doc, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 5),
        maxLength: Math.max(Math.min(schema.maxItems ?? 3, 3), Math.min(schema.minItems ?? 0, 5)),
      });
    case 'string':
      return stringFor(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'uuid':
      return fc.uuid();
    case 'uri':
    case 'url':
      return fc.webUrl();
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  }
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 24, 48));
  return fc.string({ unit: 'grapheme', minLength: min, maxLength: max });
}

/** A schema-shaped value broken in one place: a field replaced, dropped, or an extra one added. */
export function mutatedValue(schema: JsonSchema | undefined, doc: OpenApiDocument): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      validValue(schema, doc),
      fc.constantFrom('replace', 'drop', 'extra', 'wrap', 'whole'),
      hostileValue,
      fc.nat(),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
    )
    .map(([value, how, hostile, pick, extraKey]) => {
      if (how === 'whole') return hostile;
      if (how === 'wrap') return [value];
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return hostile;
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(copy);
      const key = keys.length > 0 ? (keys[pick % keys.length] as string) : undefined;
      if (how === 'replace' && key) copy[key] = hostile;
      else if (how === 'drop' && key) delete copy[key];
      else copy[extraKey] = hostile;
      return copy;
    });
}

/** A request body: JSON made from the schema (valid, broken, or hostile), or a raw body that is not JSON. */
export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string };

export function bodyFor(operation: Operation, doc: OpenApiDocument): fc.Arbitrary<FuzzBody> {
  const schema = operation.requestBody?.content['application/json']?.schema;
  const json = (arb: fc.Arbitrary<unknown>) => arb.map((value): FuzzBody => ({ kind: 'json', value }));
  const raw = fc
    .tuple(
      fc.oneof(
        fc.constantFrom('{', '{"a":', '[1,2', 'undefined', '\u0000', '{"a":1}}', "{'a':1}"),
        fc.string({ unit: 'binary', maxLength: 200 }),
        // Nesting deeper than any JSON.stringify could write: for the parsers.
        fc.integer({ min: 5_000, max: 200_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
        fc.integer({ min: 5_000, max: 100_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
      ),
      fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'application/octet-stream',
        'application/json; charset=utf-16',
      ),
    )
    .map(([text, contentType]): FuzzBody => ({ kind: 'raw', text, contentType }));
  return fc.oneof(
    { weight: schema ? 3 : 1, arbitrary: json(validValue(schema, doc)) },
    { weight: schema ? 5 : 1, arbitrary: json(mutatedValue(schema, doc)) },
    { weight: 2, arbitrary: json(hostileValue) },
    { weight: 1, arbitrary: raw },
    { weight: 1, arbitrary: fc.constant<FuzzBody>({ kind: 'none' }) },
  );
}

/** Query parameters: the declared ones (valid, hostile or absent) and a few extra ones. */
export function queryFor(
  operation: Operation,
  doc: OpenApiDocument,
  known: Record<string, string[]>,
): fc.Arbitrary<[string, string][]> {
  const declared = (operation.parameters ?? []).filter((p) => p.in === 'query');
  const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  const one = (name: string, schema: JsonSchema | undefined) =>
    fc.option(
      fc
        .oneof(
          ...(known[name]?.length ? [fc.constantFrom(...(known[name] as string[]))] : []),
          validValue(schema, doc).map(asText),
          hostileValue.map(asText).filter((text) => text.length < 20_000),
        )
        .map((value): [string, string] => [name, value]),
      { freq: 4 },
    );
  return fc
    .tuple(
      fc.tuple(...declared.map((p) => one(p.name, p.schema))),
      fc.array(fc.tuple(fc.string({ maxLength: 10 }), fc.string({ unit: 'grapheme', maxLength: 30 })), {
        maxLength: 2,
      }),
    )
    .map(([params, extra]) => [
      ...params.filter((p): p is [string, string] => p !== null),
      ...(extra as [string, string][]),
    ]);
}

/** Path parameters: a real id of a seeded object (when known) or a random one. */
export function pathFor(path: string, known: Record<string, string[]>): fc.Arbitrary<string> {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  const segment = (name: string) =>
    fc.oneof(
      { weight: known[name]?.length ? 6 : 0, arbitrary: fc.constantFrom(...(known[name] ?? ['x'])) },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('0', '-1', '..', '%2e%2e', 'null', 'a'.repeat(5000), "1' or '1'='1"),
      },
    );
  return fc.tuple(...names.map(segment)).map((values) => {
    let filled = path;
    names.forEach((name, i) => {
      filled = filled.replace(`{${name}}`, encodeURIComponent(values[i] as string));
    });
    return filled;
  });
}
