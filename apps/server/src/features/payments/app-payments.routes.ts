import {
  appPaidMembershipsResultSchema,
  appPaidMembershipsSchema,
  appPaymentsParamSchema,
  checkoutResponseSchema,
  membershipCheckoutRequestSchema,
  membershipStatusSchema,
  paidMembershipsUpdateSchema,
  paymentConnectRequestSchema,
  paymentProductsQuerySchema,
  paymentProductsResponseSchema,
  webhookReceiptSchema,
} from '@atelier/shared';
import { maybeActor, optionalActor, requireActor, requireBuilder } from '../../platform/auth/middleware.ts';
import {
  createRouter,
  defineRoute,
  errorContent,
  jsonBody,
  jsonContent,
} from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import type { AppPaymentsService } from './app-payments.service.ts';

const tags = ['payments'];
const builder = { middleware: requireBuilder, tags };
const params = { params: appPaymentsParamSchema };

const stateRoute = defineRoute({
  policy: POLICY.api,
  ...builder,
  method: 'get',
  path: '/apps/{appId}/payments',
  summary:
    'Paid memberships of an app: isPaidMembershipsEnabled, paidMembershipsSettings, paidMembershipsProduct',
  request: params,
  responses: { 200: jsonContent(appPaidMembershipsSchema, 'The settings'), 404: errorContent('No such app') },
});

const updateRoute = defineRoute({
  policy: POLICY.api,
  ...builder,
  method: 'patch',
  path: '/apps/{appId}/payments',
  summary: 'Turn paid memberships on or off (needs user signup enabled and a paid plan)',
  request: { ...params, ...jsonBody(paidMembershipsUpdateSchema) },
  responses: {
    200: jsonContent(appPaidMembershipsSchema, 'The settings'),
    400: errorContent('Signup is off'),
    403: errorContent('plan_limit_reached: settings need a paid plan'),
  },
});

const productsRoute = defineRoute({
  policy: POLICY.api,
  ...builder,
  method: 'get',
  path: '/apps/{appId}/payments/products',
  summary: "Products of the builder's payment provider account; a working access token is stored encrypted",
  request: { ...params, query: paymentProductsQuerySchema },
  responses: {
    200: jsonContent(paymentProductsResponseSchema, 'Products with id and name'),
    400: errorContent('Failed to fetch products from the provider'),
  },
});

const connectRoute = defineRoute({
  policy: POLICY.api,
  ...builder,
  method: 'post',
  path: '/apps/{appId}/payments/connect',
  summary: 'Sell a product as the app membership (completes the setup)',
  request: { ...params, ...jsonBody(paymentConnectRequestSchema) },
  responses: {
    200: jsonContent(appPaidMembershipsResultSchema, 'Connected'),
    400: errorContent('error.message says why (or the generic failed-to-connect message)'),
  },
});

const resyncRoute = defineRoute({
  policy: POLICY.api,
  ...builder,
  method: 'post',
  path: '/apps/{appId}/payments/resync',
  summary: "Read the product again and bring members in line with the provider's subscriptions",
  request: params,
  responses: {
    200: jsonContent(appPaidMembershipsResultSchema, 'Resynced'),
    400: errorContent('Not set up'),
  },
});

const webhookRoute = defineRoute({
  policy: POLICY.unmetered,
  method: 'post',
  path: '/apps/{appId}/payments/webhook',
  tags,
  summary:
    "Events of the builder's Stripe account (signed with the endpoint's secret); replays change nothing",
  request: params,
  responses: {
    200: jsonContent(webhookReceiptSchema, 'Applied, or a replay'),
    400: errorContent('Bad signature'),
  },
});

const membershipRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/membership',
  tags,
  middleware: [optionalActor] as const,
  summary:
    "The caller's membership of the app (app SDK): required, isMember, status; visitors get status none",
  request: params,
  responses: { 200: jsonContent(membershipStatusSchema, 'Membership'), 404: errorContent('No such app') },
});

const membershipCheckoutRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/membership/checkout',
  tags,
  middleware: [requireActor] as const,
  summary: 'Subscribe to the app: a checkout of its membership product for the signed-in end user',
  request: { ...params, ...jsonBody(membershipCheckoutRequestSchema) },
  responses: {
    200: jsonContent(checkoutResponseSchema, 'Where to pay'),
    400: errorContent('Paid memberships are not set up'),
    409: errorContent('Already a member'),
  },
});

export function appPaymentsRoutes(service: AppPaymentsService) {
  return createRouter()
    .openapi(stateRoute, async (c) =>
      c.json(await service.state(c.var.actor, c.req.valid('param').appId), 200),
    )
    .openapi(updateRoute, async (c) => {
      const { appId } = c.req.valid('param');
      return c.json(
        await service.setEnabled(c.var.actor, appId, c.req.valid('json').isPaidMembershipsEnabled),
        200,
      );
    })
    .openapi(productsRoute, async (c) => {
      const { appId } = c.req.valid('param');
      const products = await service.listProducts(c.var.actor, appId, c.req.valid('query').accessToken);
      return c.json({ products }, 200);
    })
    .openapi(connectRoute, async (c) => {
      const { appId } = c.req.valid('param');
      return c.json(await service.connect(c.var.actor, appId, c.req.valid('json').productId), 200);
    })
    .openapi(resyncRoute, async (c) =>
      c.json(await service.resync(c.var.actor, c.req.valid('param').appId), 200),
    )
    .openapi(webhookRoute, async (c) => {
      const { appId } = c.req.valid('param');
      const { duplicate } = await service.webhook(
        appId,
        await c.req.text(),
        c.req.header('stripe-signature'),
      );
      return c.json({ received: true as const, duplicate }, 200);
    })
    .openapi(membershipRoute, async (c) =>
      c.json(await service.membership(maybeActor(c), c.req.valid('param').appId), 200),
    )
    .openapi(membershipCheckoutRoute, async (c) => {
      const { appId } = c.req.valid('param');
      return c.json(await service.checkout(c.var.actor, appId, c.req.valid('json').returnUrl), 200);
    });
}
