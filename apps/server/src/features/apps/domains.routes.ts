import {
  addDomainRequestSchema,
  appDomainSchema,
  appIdParamSchema,
  domainsListResponseSchema,
} from '@atelier/shared';
import { z } from '@hono/zod-openapi';
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
import type { AppsRuntime } from './apps.runtime.ts';
import { addDomain, listDomains, removeDomain, verifyDomain } from './domains.service.ts';

const tags = ['app domains'];
const domainParams = appIdParamSchema.extend({ domain: z.string().min(1).max(253) });

const listRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/domains',
  tags,
  summary: 'Custom domains of the app',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema },
  responses: { 200: jsonContent(domainsListResponseSchema, 'Domains'), ...builderErrors },
});

const addRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/domains',
  tags,
  summary: 'Attach a domain: answers the DNS TXT record (txtName = txtValue) that proves it',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema, ...jsonBody(addDomainRequestSchema) },
  responses: {
    201: jsonContent(appDomainSchema, 'The domain, not verified yet'),
    400: errorContent('Not a domain name, or one of the platform'),
    409: errorContent('Another app holds the domain'),
    ...builderErrors,
  },
});

const verifyRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/domains/{domain}/verify',
  tags,
  summary: 'Look up the TXT record; once found, the domain serves the published app',
  middleware: [requireBuilder] as const,
  request: { params: domainParams },
  responses: {
    200: jsonContent(appDomainSchema, 'Verified'),
    400: errorContent('The TXT record was not found (domain_not_verified)'),
    409: errorContent('Another app holds the domain'),
    ...builderErrors,
  },
});

const removeRoute = defineRoute({
  policy: POLICY.api,
  method: 'delete',
  path: '/apps/{appId}/domains/{domain}',
  tags,
  summary: 'Detach a domain',
  middleware: [requireBuilder] as const,
  request: { params: domainParams },
  responses: { 204: { description: 'Removed' }, ...builderErrors },
});

/** Custom domains (owner only). */
export function domainsRoutes(runtime: AppsRuntime) {
  return createRouter()
    .openapi(listRoute, async (c) => {
      return c.json({ domains: await listDomains(runtime, builderOf(c), c.req.valid('param').appId) }, 200);
    })
    .openapi(addRoute, async (c) => {
      const { appId } = c.req.valid('param');
      return c.json(await addDomain(runtime, builderOf(c), appId, c.req.valid('json').domain), 201);
    })
    .openapi(verifyRoute, async (c) => {
      const { appId, domain } = c.req.valid('param');
      return c.json(await verifyDomain(runtime, builderOf(c), appId, domain), 200);
    })
    .openapi(removeRoute, async (c) => {
      const { appId, domain } = c.req.valid('param');
      await removeDomain(runtime, builderOf(c), appId, domain);
      return c.body(null, 204);
    });
}
