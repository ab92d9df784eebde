import { randomUUID } from 'node:crypto';
import { APP_MESSAGES, type ChatActivateResponse, type ChatAssistant } from '@atelier/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { apps } from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { type AppActor, appOpenableBy } from '../apps/apps.repo.ts';

/**
 * The chat assistant of an app (spec 2 §2 "Activate chat assistant modal", §3 "Chat assistant
 * settings", §4): `POST /api/apps/{appId}/chat/activate` switches it between active and draft. The
 * first activation makes its chat app (type CHAT, same owner, `Data sources` only in the builder).
 * Everything happens in one transaction: a failure leaves the app, its assistant and its chat app as
 * they were (the builder also rolls its toggle back).
 */

const chatAssistantOf = (builder: unknown): Partial<ChatAssistant> => {
  const value =
    builder && typeof builder === 'object' ? (builder as Record<string, unknown>).chatAssistant : undefined;
  return value && typeof value === 'object' ? (value as Partial<ChatAssistant>) : {};
};

export async function activateChat(
  db: Db,
  actor: AppActor,
  appId: string,
  isActive: boolean,
): Promise<ChatActivateResponse> {
  return db.transaction(async (tx) => {
    const [app] = await tx
      .select({ id: apps.id, ownerId: apps.ownerId, name: apps.name, type: apps.type, builder: apps.builder })
      .from(apps)
      .where(and(eq(apps.id, appId), appOpenableBy(actor.userId)))
      .for('update');
    if (!app) throw notFound(APP_MESSAGES.appNotFound);
    if (app.type === 'CHAT') throw new AppError('bad_request', 'A chat app has no chat assistant of its own');
    const status: ChatAssistant['status'] = isActive ? 'active' : 'draft';
    let chatAppId = chatAssistantOf(app.builder).chatAppId ?? null;
    if (chatAppId) {
      const [chat] = await tx
        .select({ id: apps.id })
        .from(apps)
        .where(and(eq(apps.id, chatAppId), eq(apps.ownerId, app.ownerId)))
        .limit(1);
      if (!chat) chatAppId = null;
    }
    if (!chatAppId && !isActive) return { status, chatAppId: null };
    if (!chatAppId) {
      chatAppId = randomUUID();
      await tx
        .insert(apps)
        .values({ id: chatAppId, ownerId: app.ownerId, name: `${app.name} chat`, type: 'CHAT' });
    }
    await tx.update(apps).set({ status, updatedAt: new Date() }).where(eq(apps.id, chatAppId));
    const assistant: ChatAssistant = { status, chatAppId };
    await tx
      .update(apps)
      .set({
        builder: sql`coalesce(${apps.builder}, '{}'::jsonb) || ${JSON.stringify({ chatAssistant: assistant })}::jsonb`,
        updatedAt: new Date(),
      })
      .where(eq(apps.id, appId));
    return assistant;
  });
}
