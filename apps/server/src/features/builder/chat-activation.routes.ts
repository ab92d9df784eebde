import { appIdParamSchema, chatActivateRequestSchema, chatActivateResponseSchema } from '@atelier/shared';
import { builderOf, requireAdmin } from '../../platform/auth/middleware.ts';
import {
  builderErrors,
  createRouter,
  defineRoute,
  errorContent,
  jsonBody,
  jsonContent,
} from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import type { AppsRuntime } from '../apps/apps.runtime.ts';
import { activateChat } from './chat-activation.service.ts';

const activateRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/chat/activate',
  tags: ['builder'],
  summary: "Activate or deactivate the app's chat assistant (admins); answers its chatAppId",
  middleware: [requireAdmin] as const,
  request: { params: appIdParamSchema, ...jsonBody(chatActivateRequestSchema) },
  responses: {
    200: jsonContent(chatActivateResponseSchema, 'The chat assistant'),
    400: errorContent('A chat app has no assistant'),
    ...builderErrors,
  },
});

/** Chat assistant activation (spec 2 §7). */
export function chatActivationRoutes(runtime: AppsRuntime) {
  return createRouter().openapi(activateRoute, async (c) => {
    const answer = await activateChat(
      runtime.db,
      builderOf(c),
      c.req.valid('param').appId,
      c.req.valid('json').isActive,
    );
    return c.json(answer, 200);
  });
}
