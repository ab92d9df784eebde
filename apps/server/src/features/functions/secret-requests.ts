import { ACTION_RESULTS_PART } from '@atelier/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { chatMessages } from '../../platform/db/schema/index.ts';

/** The newest chat replies read for secret requests (a bound: a long history is not read whole). */
const REPLIES_READ = 200;

interface SecretRequestResult {
  type?: unknown;
  secrets?: { secretName?: unknown; description?: unknown }[];
}

/**
 * What the assistant said each secret is for, from its secrets requests in the app's chat (the
 * `request_secrets` action results: secretName, description, required — spec 3 §3): the newest
 * description of each name. Spec 3: "required secrets whose key is missing from the stored ones
 * are reported with their description".
 */
export async function requestedSecretDescriptions(db: Db, appId: string): Promise<Map<string, string>> {
  const marker = JSON.stringify([
    { type: `data-${ACTION_RESULTS_PART}`, data: { results: [{ type: 'request_secrets' }] } },
  ]);
  const rows = await db
    .select({ parts: chatMessages.parts })
    .from(chatMessages)
    .where(and(eq(chatMessages.appId, appId), sql`${chatMessages.parts} @> ${marker}::jsonb`))
    .orderBy(desc(chatMessages.createdAt))
    .limit(REPLIES_READ);
  const described = new Map<string, string>();
  for (const { parts } of rows) {
    for (const part of parts) {
      if (part.type !== `data-${ACTION_RESULTS_PART}`) continue;
      const results = ((part.data as { results?: SecretRequestResult[] } | undefined)?.results ?? []).filter(
        (result) => result.type === 'request_secrets',
      );
      for (const secret of results.flatMap((result) => result.secrets ?? [])) {
        if (typeof secret.secretName !== 'string' || typeof secret.description !== 'string') continue;
        if (!described.has(secret.secretName) && secret.description.trim() !== '')
          described.set(secret.secretName, secret.description.trim());
      }
    }
  }
  return described;
}
