import { OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';

type Api = Pick<OpenAPIHono, 'getOpenAPI31Document' | 'openAPIRegistry'>;
type DocumentConfig = Parameters<Api['getOpenAPI31Document']>[0];
type Document = ReturnType<Api['getOpenAPI31Document']>;
type Json = Record<string, unknown>;

/**
 * The API's OpenAPI 3.1 document (`GET /api/openapi.json`; `npm run api:types` types the web
 * client from it), written by zod-to-openapi from the routes' zod contracts, with what it gets
 * wrong about zod 4 schemas put right, so that the document says what the server answers:
 * - a named schema (`.meta({ id })`) met first through `.nullable()` became a nullable component,
 *   making every use of it nullable: the named schemas are now generated first, as themselves, and
 *   a nullable use is `anyOf: [$ref, null]`;
 * - a key whose schema accepts `undefined` without being optional (`z.unknown()`, `z.any()`) was
 *   left out of `required`, though zod 4 (and the server's answers) have it always.
 */
export function openApiDocument(api: Api, config: DocumentConfig): Document {
  const document = api.getOpenAPI31Document(config);
  const components = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const named = z.globalRegistry._idmap;
  for (const id of Object.keys(components)) {
    const schema = named.get(id);
    if (!(schema instanceof z.ZodType) || acceptsNull(schema) || !jsonAcceptsNull(components[id])) continue;
    // Met first through `.nullable()`: generated again as itself.
    const alone = new OpenApiGeneratorV31([{ type: 'schema', schema }]).generateComponents();
    components[id] = alone.components?.schemas?.[id];
  }
  const nullableComponents = new Set(Object.keys(components).filter((id) => jsonAcceptsNull(components[id])));
  const align = (schema: unknown, json: unknown) => alignWithZod(schema, json, nullableComponents);

  for (const [id, json] of Object.entries(components)) align(named.get(id), json);
  for (const definition of api.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const { path, method, request, responses } = definition.route;
    const operation = (document.paths?.[path] as Json | undefined)?.[method] as Json | undefined;
    if (operation === undefined) continue;
    align(jsonMedia(request?.body?.content), jsonSchemaAt(operation, ['requestBody']));
    for (const [status, response] of Object.entries(responses)) {
      align(
        'content' in response ? jsonMedia(response.content) : undefined,
        jsonSchemaAt(operation, ['responses', status]),
      );
    }
  }
  return nullableRefsAsAnyOf(document);
}

/** The zod schema of a route's JSON body or answer. */
function jsonMedia(content: Partial<Record<string, object>> | undefined): unknown {
  const media = content?.['application/json'];
  return media !== undefined && 'schema' in media ? media.schema : undefined;
}

/** The JSON schema of `operation[...at].content['application/json'].schema`. */
function jsonSchemaAt(operation: Json, at: string[]): unknown {
  let node: unknown = operation;
  for (const key of [...at, 'content', 'application/json', 'schema'])
    node = isJson(node) ? node[key] : undefined;
  return node;
}

/**
 * Walks a zod schema and its JSON schema together and puts right what zod-to-openapi got wrong:
 * at each object, a key is required unless zod 4 lets it be left out (`optin`/`optout`; its
 * "accepts undefined" test misses `z.unknown()`); a `$ref` where zod accepts null, to a component
 * that does not, becomes `anyOf: [$ref, null]`. Each component is walked on its own.
 */
function alignWithZod(schema: unknown, json: unknown, nullableComponents: ReadonlySet<string>): void {
  if (!(schema instanceof z.ZodType) || !isJson(json)) return;
  const align = (child: unknown, childJson: unknown) => alignWithZod(child, childJson, nullableComponents);
  if (typeof json.$ref === 'string') {
    const id = json.$ref.slice(COMPONENT_REF.length);
    if (acceptsNull(schema) && !nullableComponents.has(id)) {
      json.anyOf = [{ $ref: json.$ref }, { type: 'null' }];
      delete json.$ref;
    }
    return;
  }
  const def = (schema as z.core.$ZodType as z.core.$ZodTypes)._zod.def;
  switch (def.type) {
    case 'object': {
      const properties = isJson(json.properties) ? json.properties : {};
      const required = new Set(Array.isArray(json.required) ? json.required : []);
      for (const [key, child] of Object.entries(def.shape)) {
        if (!(key in properties)) continue;
        if (child._zod.optin === undefined && child._zod.optout === undefined) required.add(key);
        align(child, properties[key]);
      }
      const keys = Object.keys(def.shape).filter((key) => required.has(key));
      if (keys.length > 0) json.required = keys;
      return;
    }
    case 'nullable':
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      align(def.innerType, json);
      return;
    case 'pipe':
      align(def.in._zod.def.type === 'transform' ? def.out : def.in, json);
      return;
    case 'array':
      align(def.element, json.items);
      return;
    case 'record':
      align(def.valueType, json.additionalProperties);
      return;
    case 'union': {
      const branches = (json.anyOf ?? json.oneOf) as unknown[] | undefined;
      for (const [i, option] of def.options.entries()) align(option, branches?.[i]);
      return;
    }
    default:
      return;
  }
}

const COMPONENT_REF = '#/components/schemas/';

const acceptsNull = (schema: z.core.$ZodType): boolean => z.safeParse(schema, null).success;

/** A JSON schema whose type lists null, or a union with a null branch. */
function jsonAcceptsNull(json: unknown): boolean {
  if (!isJson(json)) return false;
  if (Array.isArray(json.type)) return json.type.includes('null');
  const branches = json.anyOf ?? json.oneOf;
  return Array.isArray(branches) && branches.some((branch) => isJson(branch) && branch.type === 'null');
}

/**
 * zod-to-openapi writes a nullable use of a component as `allOf: [$ref, { type: [..., 'null'] }]`,
 * which no reader takes for "the component or null" (null must still match the `$ref`): it becomes
 * `anyOf: [$ref, { type: 'null' }]`.
 */
function nullableRefsAsAnyOf<T>(node: T): T {
  if (Array.isArray(node)) return node.map(nullableRefsAsAnyOf) as T;
  if (!isJson(node)) return node;
  const { allOf, ...rest } = node;
  if (Array.isArray(allOf) && allOf.length === 2 && isRef(allOf[0]) && isNullOnly(allOf[1])) {
    return { ...rest, anyOf: [allOf[0], { type: 'null' }] } as T;
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, nullableRefsAsAnyOf(value)]),
  ) as T;
}

const isRef = (node: unknown): boolean => isJson(node) && Object.keys(node).length === 1 && '$ref' in node;

/** `{ type: [x, 'null'] }` (what zod-to-openapi adds to a `$ref` for `.nullable()`), nothing else. */
const isNullOnly = (node: unknown): boolean =>
  isJson(node) && Object.keys(node).length === 1 && Array.isArray(node.type) && node.type.includes('null');

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
