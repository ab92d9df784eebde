import { settingsAccessSchema } from '@atelier/shared';
import { requireBuilder } from '../../platform/auth/middleware.ts';
import { createRouter, defineRoute, errorContent, jsonContent } from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import type { AppsRuntime } from '../apps/apps.runtime.ts';

const accessRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/builder/settings-access',
  tags: ['builder'],
  summary: 'Which restricted settings the signed-in builder is offered (the tool template library switch)',
  middleware: [requireBuilder] as const,
  responses: { 200: jsonContent(settingsAccessSchema, 'Access'), 401: errorContent('Signed out') },
});

/** What the Settings panel offers this builder beyond the admin flag (spec 1 §6). */
export function settingsAccessRoutes(runtime: AppsRuntime) {
  return createRouter().openapi(accessRoute, (c) => {
    const actor = c.get('actor');
    const listed = runtime.config.auth.templateAdminEmails.includes(actor.email.toLowerCase());
    return c.json({ isTemplateAdmin: actor.isAdmin && listed }, 200);
  });
}
