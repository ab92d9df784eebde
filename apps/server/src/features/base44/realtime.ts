import type { Server as HttpServer } from 'node:http';
import { ENTITY_NAME_PATTERN } from '@atelier/shared';
import { Server } from 'socket.io';
import type { AppDeps } from '../../platform/app-deps.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { callerAddress } from '../../platform/auth/client-ip.ts';
import { JwtKeys } from '../../platform/auth/jwt.ts';
import { actorOfBearerToken } from '../../platform/auth/middleware.ts';
import type { AuthRuntime } from '../../platform/auth/runtime.ts';
import { SessionStore } from '../../platform/auth/sessions.ts';
import { liveCaller } from '../../platform/events/sse.ts';
import type { EntityTarget } from '../entities/context.ts';
import { entitiesModuleOf } from '../entities/entities.module.ts';
import { type EntityChangeSignal, entityTopic, visibleChanges } from '../entities/events.ts';
import { toRecordView } from '../entities/record-input.ts';
import { type AgentMessage, agentConversationTopic, createAgentConversations } from './agents.ts';
import { toBase44Records } from './records.ts';

/** Where `@base44/sdk` opens its socket (`createClient`'s socket config). */
export const BASE44_SOCKET_PATH = '/ws-user-apps/socket.io/';
/** Rooms one connection may be in at once (one per entity it subscribes to). */
export const BASE44_SOCKET_MAX_ROOMS = 100;
/** The largest message a client may send (clients only send `join` / `leave` with a room name). */
const MAX_CLIENT_MESSAGE_BYTES = 4 * 1024;

const ROOM = /^entities:([^:]{1,200}):([^:]{1,200})$/;
/** `subscribeToConversation(id)`'s room: the caller's own conversation with an agent. */
const AGENT_ROOM = /^\/agent-conversations\/([A-Za-z0-9-]{1,100})$/;

/**
 * Realtime for `entities.X.subscribe()` of `@base44/sdk` (README.md, "Realtime"): socket.io at
 * BASE44_SOCKET_PATH on the API's HTTP server. The handshake carries `app_id` and the bearer
 * `token` (none: signed out); a client joins `entities:{appId}:{Entity}` rooms of that app and gets
 * `update_model` events `{ room, data: JSON { type, id, data?, timestamp } }` for the changes of
 * records it may read — the same signals, rules and session checks as the SSE stream
 * (`features/entities/events.ts`). Answers the function that ends every connection (clients
 * reconnect, e.g. to another instance); the HTTP server itself stays open.
 */
export function attachBase44Realtime(
  httpServer: HttpServer,
  deps: Pick<AppDeps, 'config' | 'database' | 'bus' | 'logger' | 'areas'>,
  auth: Pick<AuthRuntime, 'jwt' | 'sessions'> = {
    sessions: new SessionStore(deps.database, deps.config.auth.adminEmails, deps.bus),
    jwt: new JwtKeys(deps.database, deps.config.auth.jwtSecret),
  },
): () => void {
  const entities = entitiesModuleOf(deps);
  const conversations = createAgentConversations(deps.database.db, deps.bus);
  const io = new Server(httpServer, {
    path: BASE44_SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
    // The SDK authenticates with its token, never with cookies: any origin may connect.
    cors: { origin: '*', credentials: false },
  });

  io.use(async (socket, next) => {
    try {
      const { app_id: appId, token } = socket.handshake.query;
      if (typeof appId !== 'string' || appId === '') throw new Error('app_id is required');
      const actor = typeof token === 'string' && token !== '' ? await actorOfBearerToken(auth, token) : null;
      // 404 when there is no such app: the connection is refused.
      await entities.contexts.appAccess(appId, { actor: actor ?? undefined });
      socket.data = { appId, actor };
      next();
    } catch (error) {
      next(new Error((error as Error).message || 'Not allowed'));
    }
  });

  io.on('connection', (socket) => {
    const { appId, actor } = socket.data as { appId: string; actor: Actor | null };
    const rooms = new Map<string, () => void>();
    // Entity rooms count against the caller's live subscriptions, with its entity streams (SseHub).
    const caller = liveCaller(
      actor?.userId ?? null,
      callerAddress(
        String(socket.handshake.headers['x-forwarded-for'] ?? ''),
        socket.handshake.address,
        deps.config.auth.trustProxy,
      ),
    );
    const sessionLive = async () =>
      !actor || (await auth.sessions.actorBySessionId(actor.sessionId, actor.via)) !== null;

    /**
     * An agent conversation's room: its messages as they are added or grow, as `update_model`
     * events whose data is `{ _message }` (agents.routes.ts). Only the conversation's starter joins.
     */
    const joinConversation = async (room: string, id: string) => {
      if (!actor) return;
      const { access } = await entities.contexts.appAccess(appId, { actor });
      if (access.kind === 'anonymous') return;
      const owner = { appId, userId: access.userId };
      try {
        await conversations.get(owner, id);
      } catch {
        return; // not the caller's conversation: nothing to hear, like a 404
      }
      if (rooms.has(room) || !socket.connected) return;
      const release = entities.hub.claimLive(caller);
      if (!release) return; // the caller holds LIVE_SUBSCRIPTIONS_PER_CALLER already
      let chain = Promise.resolve();
      const deliver = async (messageId: string) => {
        if (!(await sessionLive())) {
          socket.disconnect(true);
          return;
        }
        const message: AgentMessage | undefined = await conversations.message(owner, id, messageId);
        if (message) socket.emit('update_model', { room, data: JSON.stringify({ _message: message }) });
      };
      const unsubscribe = entities.bus.subscribe<{ messageId: string }>(
        agentConversationTopic(id),
        (event) => {
          chain = chain
            .then(() => deliver(event.data.messageId))
            .catch((error: unknown) => deps.logger.warn({ err: error }, 'agent message not delivered'));
        },
      );
      rooms.set(room, () => {
        unsubscribe();
        release();
      });
      // A message written before the room was joined (an answer that came at once) is sent now.
      const last = (await conversations.get(owner, id)).messages.at(-1);
      if (last) chain = chain.then(() => deliver(last.id)).catch(() => undefined);
    };

    socket.on('join', async (room: unknown) => {
      if (typeof room !== 'string' || rooms.has(room) || rooms.size >= BASE44_SOCKET_MAX_ROOMS) return;
      const agentRoom = AGENT_ROOM.exec(room);
      if (agentRoom) {
        await joinConversation(room, agentRoom[1]!).catch(() => undefined);
        return;
      }
      const match = ROOM.exec(room);
      const name = match?.[2];
      if (!match || match[1] !== appId || !name || !ENTITY_NAME_PATTERN.test(name)) return;
      const resolve = () => entities.contexts.resolve(appId, name, { actor: actor ?? undefined });
      try {
        await resolve();
      } catch {
        return; // no such entity (or app): nothing to hear, like a 404
      }
      if (rooms.has(room) || !socket.connected) return;
      const release = entities.hub.claimLive(caller);
      if (!release) return; // the caller holds LIVE_SUBSCRIPTIONS_PER_CALLER already
      let chain = Promise.resolve();
      const deliver = async (signal: EntityChangeSignal) => {
        if (!(await sessionLive())) {
          socket.disconnect(true);
          return;
        }
        const current: EntityTarget = await resolve();
        const changes = await visibleChanges(signal, current, {
          repo: entities.repo,
          read: entities.readMany,
        });
        const rows = changes.flatMap((change) => (change.row ? [toRecordView(change.row)] : []));
        const records = new Map(
          (await toBase44Records(entities.repo, appId, name, rows)).map((record) => [record.id, record]),
        );
        for (const { type, id } of changes) {
          const data = records.get(id);
          const message = { type, id, ...(data ? { data } : {}), timestamp: new Date().toISOString() };
          socket.emit('update_model', { room, data: JSON.stringify(message) });
        }
      };
      const unsubscribe = entities.bus.subscribe<EntityChangeSignal>(entityTopic(appId, name), (event) => {
        chain = chain
          .then(() => deliver(event.data))
          .catch((error: unknown) => {
            if ((error as { status?: number }).status === 404) leave(room);
            else deps.logger.warn({ err: error }, 'realtime change not delivered');
          });
      });
      rooms.set(room, () => {
        unsubscribe();
        release();
      });
    });

    const leave = (room: unknown) => {
      if (typeof room !== 'string') return;
      rooms.get(room)?.();
      rooms.delete(room);
    };
    socket.on('leave', leave);
    socket.on('disconnect', () => {
      for (const room of [...rooms.keys()]) leave(room);
    });
  });

  return () => {
    io.disconnectSockets(true);
  };
}
