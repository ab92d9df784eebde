import {
  appIdParamSchema,
  claimAppRequestSchema,
  claimAppResponseSchema,
  claimInfoSchema,
  claimInvitationSchema,
} from '@atelier/shared';
import { builderOf, requireAdmin, requireBuilder } from '../../platform/auth/middleware.ts';
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
import { claimApp, claimInfo, claimInvitation } from './claims.service.ts';

const tags = ['claims'];

const invitationRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/settings/claimInvitation',
  tags,
  summary: 'The invite link and claim code of a claimable, published app (admins)',
  middleware: [requireAdmin] as const,
  request: { params: appIdParamSchema },
  responses: {
    200: jsonContent(claimInvitationSchema, 'The invitation'),
    409: errorContent('Not claimable, not published, or already claimed'),
    ...builderErrors,
  },
});

const infoRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/claim',
  tags,
  summary: 'The app an invite link offers to claim (signed-in builders)',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema },
  responses: {
    200: jsonContent(claimInfoSchema, 'The app to claim'),
    409: errorContent('Already claimed, or already yours'),
    ...builderErrors,
  },
});

const claimRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/claim',
  tags,
  summary: 'Claim the app with its claim code: the signed-in builder becomes its owner',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema, ...jsonBody(claimAppRequestSchema) },
  responses: {
    200: jsonContent(claimAppResponseSchema, 'Claimed'),
    400: errorContent('Wrong claim code'),
    409: errorContent('Already claimed, or already yours'),
    ...builderErrors,
  },
});

/** App claiming (features/claims). */
export function claimsRoutes(runtime: AppsRuntime) {
  return createRouter()
    .openapi(invitationRoute, async (c) =>
      c.json(await claimInvitation(runtime, builderOf(c), c.req.valid('param').appId), 200),
    )
    .openapi(infoRoute, async (c) =>
      c.json(await claimInfo(runtime, builderOf(c), c.req.valid('param').appId), 200),
    )
    .openapi(claimRoute, async (c) => {
      const { claimCode } = c.req.valid('json');
      const answer = await claimApp(runtime.db, builderOf(c), c.req.valid('param').appId, claimCode);
      return c.json(answer, 200);
    });
}
