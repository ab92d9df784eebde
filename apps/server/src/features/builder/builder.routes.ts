import { magicCreateRequestSchema, magicCreateResponseSchema } from '@atelier/shared';
import type { AppDeps } from '../../platform/app-deps.ts';
import { requireBuilder } from '../../platform/auth/middleware.ts';
import {
  createRouter,
  defineRoute,
  errorContent,
  jsonBody,
  jsonContent,
} from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import { magicCreateField } from './magic-create.ts';

const magicCreateRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/builder/magicCreate',
  tags: ['builder'],
  summary: 'Magic create: a custom field definition from what the builder typed (spec 2 §7)',
  middleware: [requireBuilder] as const,
  request: jsonBody(magicCreateRequestSchema),
  responses: {
    200: jsonContent(magicCreateResponseSchema, 'The generated field and its name'),
    400: errorContent(
      "The generated name is missing ('Magic edit failed, try again using a different field name'), reserved, taken, or the field limit is reached",
    ),
    401: errorContent('Signed out'),
    404: errorContent('No such app (or not yours)'),
    503: errorContent("The model failed ('Magic edit failed')"),
  },
});

/** The builder's own calls (magic create); the panels save through `PATCH /api/apps/{appId}`. */
export function builderRoutes(deps: Pick<AppDeps, 'database' | 'llm'>) {
  return createRouter().openapi(magicCreateRoute, async (c) => {
    const answer = await magicCreateField(
      deps.database.db,
      deps.llm,
      c.get('actor').userId,
      c.req.valid('json'),
    );
    return c.json(answer, 200);
  });
}
