import {
  appIdParamSchema,
  deleteSecretResponseSchema,
  saveSecretsRequestSchema,
  saveSecretsResponseSchema,
  secretKeySchema,
  secretsListResponseSchema,
} from '@atelier/shared';
import { builderOf, requireBuilder } from '../../platform/auth/middleware.ts';
import {
  builderErrors,
  createRouter,
  defineRoute,
  errorContent,
  jsonBody,
  jsonContent,
} from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import type { SecretsService } from './secrets.service.ts';

const tags = ['secrets'];

const listSecretsRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/secrets',
  tags,
  summary: "The app's secrets: keys and descriptions only, never values",
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema },
  responses: { 200: jsonContent(secretsListResponseSchema, 'Secrets'), ...builderErrors },
});

const saveSecretsRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/secrets',
  tags,
  summary: 'Set secrets (key, value, description); reserved names are ignored; values are encrypted at rest',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema, ...jsonBody(saveSecretsRequestSchema) },
  responses: {
    200: jsonContent(
      saveSecretsResponseSchema,
      'Saved; affectedFunctions lists deployed functions that read them',
    ),
    400: errorContent('A new key without a value, a bad or repeated key'),
    ...builderErrors,
  },
});

const deleteSecretRoute = defineRoute({
  policy: POLICY.api,
  method: 'delete',
  path: '/apps/{appId}/secrets/{name}',
  tags,
  summary: 'Delete a secret by key',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema.extend({ name: secretKeySchema }) },
  responses: { 200: jsonContent(deleteSecretResponseSchema, 'Deleted'), ...builderErrors },
});

/** `GET/POST /api/apps/{id}/secrets`, `DELETE /api/apps/{id}/secrets/{name}` (spec 3 §7, under /api). */
export function secretsRoutes(service: SecretsService) {
  return createRouter()
    .openapi(listSecretsRoute, async (c) => {
      const secrets = await service.list(builderOf(c), c.req.valid('param').appId);
      return c.json({ secrets }, 200);
    })
    .openapi(saveSecretsRoute, async (c) => {
      const { secrets } = c.req.valid('json');
      return c.json(await service.save(builderOf(c), c.req.valid('param').appId, secrets), 200);
    })
    .openapi(deleteSecretRoute, async (c) => {
      const { appId, name } = c.req.valid('param');
      return c.json(await service.remove(builderOf(c), appId, name), 200);
    });
}
