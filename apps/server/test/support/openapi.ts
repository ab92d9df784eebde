import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { TestApp } from './test-app.ts';

type Json = Record<string, unknown>;

/**
 * What the OpenAPI document (the web client's generated types) says of a real answer: the schema
 * errors of `body` against the answer of `method path` with `status` (`[]` when it matches).
 * Catches a document stricter than the server: a key it requires that the answer lacks, a null
 * where it allows none.
 */
export async function documentedAnswers(t: TestApp) {
  const doc = (await (await t.app.request('/api/openapi.json')).json()) as Json & { paths: Json };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return (method: string, path: string, status: number, body: unknown): string[] => {
    const operation = (doc.paths[path] as Json | undefined)?.[method.toLowerCase()] as Json | undefined;
    const answer = (operation?.responses as Json | undefined)?.[String(status)] as Json | undefined;
    const schema = ((answer?.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema;
    if (schema === undefined) return [`the document has no JSON answer ${status} for ${method} ${path}`];
    // The answer's schema at the root of one that holds the components its $refs point to.
    const validate = ajv.compile({ ...(schema as Json), components: doc.components });
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
  };
}
