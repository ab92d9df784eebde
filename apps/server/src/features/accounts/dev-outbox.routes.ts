import { outboxResponseSchema } from '@atelier/shared';
import type { Config } from '../../config.ts';
import { isLoopbackRequest } from '../../platform/auth/client-ip.ts';
import type { Database } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { createRouter, defineRoute, jsonContent } from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import { isOutboxEnabled, listOutbox } from '../../platform/mail/mailer.ts';

const outboxRoute = defineRoute({
  policy: POLICY.unmetered,
  method: 'get',
  path: '/dev/outbox',
  tags: ['dev'],
  summary:
    'Mail kept instead of sent (only without SMTP_URL, never in production, only to requests from this machine), newest first',
  responses: { 200: jsonContent(outboxResponseSchema, 'The kept messages') },
});

export function devOutboxRoutes(config: Config, database: Database) {
  return createRouter().openapi(outboxRoute, async (c) => {
    // The outbox holds live sign-in and reset links: for this machine only (issue 20 #15).
    if (!isOutboxEnabled(config) || !isLoopbackRequest(c, config.auth.trustProxy)) throw notFound();
    return c.json({ messages: await listOutbox(database) }, 200);
  });
}
