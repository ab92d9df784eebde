import {
  adminUserParamSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  adminUserUpdateSchema,
} from '@atelier/shared';
import { requireAdmin } from '../../platform/auth/middleware.ts';
import {
  createRouter,
  defineRoute,
  errorContent,
  jsonBody,
  jsonContent,
} from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import type { AccountsContext } from './accounts.context.ts';
import { listUsers, setUserDisabled } from './admin-users.service.ts';

const tags = ['admin'];

const listRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/admin/users',
  tags,
  summary: 'Builder accounts, newest first (admins)',
  middleware: [requireAdmin] as const,
  request: { query: adminUsersQuerySchema },
  responses: {
    200: jsonContent(adminUsersResponseSchema, 'Users'),
    401: errorContent('Signed out'),
    403: errorContent('Not an admin'),
  },
});

const updateRoute = defineRoute({
  policy: POLICY.api,
  method: 'patch',
  path: '/admin/users/{userId}',
  tags,
  summary: 'Disable a builder account (it cannot sign in, its sessions end) or enable it again (admins)',
  middleware: [requireAdmin] as const,
  request: { params: adminUserParamSchema, ...jsonBody(adminUserUpdateSchema) },
  responses: {
    200: jsonContent(adminUserSchema, 'The user now'),
    400: errorContent('Disabling yourself'),
    401: errorContent('Signed out'),
    403: errorContent('Not an admin'),
    404: errorContent('No such builder'),
  },
});

/** `GET /api/admin/users`, `PATCH /api/admin/users/{userId}` (issue 23 #28). */
export function adminUsersRoutes(ctx: AccountsContext) {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listUsers(ctx, c.req.valid('query').q), 200))
    .openapi(updateRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const user = await setUserDisabled(ctx, c.var.actor, userId, c.req.valid('json').disabled);
      return c.json(user, 200);
    });
}
