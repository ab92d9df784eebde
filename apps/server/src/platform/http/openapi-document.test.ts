import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRouter, defineRoute, jsonBody, jsonContent } from './openapi.ts';
import { openApiDocument } from './openapi-document.ts';
import { POLICY } from './route-policy.ts';

// Named as the contracts name theirs (`.meta({ id })`); the ids are unique to this test.
const deployment = z.object({ id: z.string() }).meta({ id: 'DocTestDeployment' });
const summary = z
  .object({
    // Met first as nullable: zod-to-openapi made the component itself nullable.
    live: deployment.nullable(),
    latest: deployment,
    features: z.unknown().nullable(),
    data: z.unknown(),
    note: z.unknown().optional(),
    kind: z.enum(['a', 'b']).default('a'),
  })
  .meta({ id: 'DocTestSummary' });

function document() {
  const api = createRouter();
  const answer = { 200: jsonContent(summary, 'The summary') };
  const route = (path: string) => ({ method: 'post' as const, path, policy: POLICY.api, responses: answer });
  api.openapi(defineRoute({ ...route('/summary'), request: jsonBody(summary) }), (c) => c.json({} as never));
  api.openapi(
    defineRoute({
      ...route('/deployment'),
      responses: { 200: jsonContent(deployment.nullable(), 'Or none') },
    }),
    (c) => c.json(null),
  );
  return openApiDocument(api, { openapi: '3.1.0', info: { title: 'Test', version: '0' } });
}

describe('openApiDocument', () => {
  const doc = document();
  const schemas = doc.components?.schemas as Record<string, Record<string, unknown>>;
  const ref = { $ref: '#/components/schemas/DocTestDeployment' };

  it('keeps a named schema met through .nullable() non-null, and makes that use nullable', () => {
    expect(schemas.DocTestDeployment).toEqual({
      type: 'object',
      properties: { id: { type: 'string' } },
      required: ['id'],
    });
    expect(schemas.DocTestSummary?.properties).toMatchObject({
      live: { anyOf: [ref, { type: 'null' }] },
      latest: ref,
    });
    const answer = doc.paths?.['/deployment']?.post?.responses?.[200] as { content: object } | undefined;
    expect(answer?.content).toEqual({ 'application/json': { schema: { anyOf: [ref, { type: 'null' }] } } });
  });

  it('requires the keys zod 4 always has (z.unknown()), not the optional or defaulted ones', () => {
    expect(schemas.DocTestSummary?.required).toEqual(['live', 'latest', 'features', 'data']);
  });
});
