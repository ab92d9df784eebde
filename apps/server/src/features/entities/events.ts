import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import { type EventBus, MAX_EVENT_BYTES } from '../../platform/events/event-bus.ts';
import { SSE_KEEPALIVE_MS, type SseHub } from '../../platform/events/sse.ts';
import type { Logger } from '../../platform/logger.ts';
import { DELETED_ROW } from './access.ts';
import type { EntityTarget } from './context.ts';
import type { EntitiesRepo, RecordRow } from './entities.repo.ts';
import { accessCondition } from './entities.service.ts';
import { toRecordView } from './record-input.ts';

/**
 * Change signals of an entity's records, on the event bus (ids only: every instance's subscribers
 * read the records again through the rules). Deletes carry the creators of the deleted rows, so a
 * subscriber's read rule can still be evaluated for a row that is gone.
 */
export interface EntityChangeSignal {
  type: 'create' | 'update' | 'delete';
  ids: string[];
  creators?: (string | null)[];
  /** This signal's own id: every instance hears it, and entity hooks run once per key (entity-triggers.ts). */
  key?: string;
  /**
   * Updates and deletes of one record (the inline signal of the write): each row as it was before,
   * null where its data was over PREVIOUS_ROW_MAX_BYTES (entities.repo.ts). Absent for bulk writes.
   */
  previous?: (RecordRow | null)[];
}

export const entityTopic = (appId: string, entity: string) => `entities:${appId}:${entity}`;

/** Ids per signal, so that a signal stays under the bus's payload limit. */
const IDS_PER_SIGNAL = Math.floor(MAX_EVENT_BYTES / 300);

export async function publishChange(
  bus: EventBus,
  target: Pick<EntityTarget, 'appId' | 'name'>,
  signal: EntityChangeSignal,
): Promise<void> {
  const topic = entityTopic(target.appId, target.name);
  for (let start = 0; start < signal.ids.length; start += IDS_PER_SIGNAL) {
    const ids = signal.ids.slice(start, start + IDS_PER_SIGNAL);
    const creators = signal.creators?.slice(start, start + IDS_PER_SIGNAL);
    const key = randomUUID();
    await bus.publish(
      topic,
      creators ? { type: signal.type, ids, creators, key } : { type: signal.type, ids, key },
    );
  }
}

export interface SubscribeOptions {
  bus: EventBus;
  hub: SseHub;
  repo: EntitiesRepo;
  logger: Logger;
  /** Resolves the target again for each signal, so rule changes apply at once (throws when gone). */
  resolve(): Promise<EntityTarget>;
  /** The rows of a target (the entity's source and read rule). */
  read(target: EntityTarget, ids: string[]): ReturnType<EntitiesRepo['getMany']>;
  /**
   * Whether the session the stream was opened with is still live (true for anonymous streams).
   * Asked before each change and at each keep-alive: a signed-out or revoked session's stream
   * ends and gets nothing more (issue 20 #12).
   */
  sessionLive(): Promise<boolean>;
  /** Gives back the caller's live-subscription slot (SseHub.claimLive) when the stream ends. */
  release(): void;
}

/** One change a subscriber may see: deletes carry no row. */
export interface VisibleChange {
  type: EntityChangeSignal['type'];
  id: string;
  row?: RecordRow;
}

/**
 * The changes of a signal the target's actor may see, in the signal's order: created and updated
 * records read again through their read rule (the newest data; records deleted since are left
 * out), deleted ones where the read rule holds on their creator.
 */
export async function visibleChanges(
  signal: EntityChangeSignal,
  current: EntityTarget,
  options: Pick<SubscribeOptions, 'repo' | 'read'>,
): Promise<VisibleChange[]> {
  if (signal.type === 'delete') {
    const rule = accessCondition(current, 'read', DELETED_ROW);
    const visible = await options.repo.passes(signal.creators ?? signal.ids.map(() => null), rule);
    return signal.ids.filter((_id, index) => visible[index]).map((id) => ({ type: 'delete', id }));
  }
  const rows = await options.read(current, signal.ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return signal.ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ type: signal.type, id, row }] : [];
  });
}

/**
 * `GET …/{Entity}/subscribe`: an SSE stream of `{ type, id, data? }` for every change of a record the
 * subscriber may read (SSE `event:` is the type). Signals are handled one after another, in order.
 */
export function streamEntityChanges(c: Context, target: EntityTarget, options: SubscribeOptions): Response {
  return streamSSE(c, async (stream) => {
    try {
      await streamChanges(stream, target, options);
    } finally {
      options.release();
    }
  });
}

async function streamChanges(stream: SSEStreamingApi, target: EntityTarget, options: SubscribeOptions) {
  let stop!: () => void;
  const done = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const untrack = options.hub.track(stop);
  stream.onAbort(stop);
  let nextId = 0;
  let chain = Promise.resolve();
  const send = (type: string, payload: unknown) =>
    stream.writeSSE({ event: type, data: JSON.stringify(payload), id: String(nextId++) });

  const handle = async (signal: EntityChangeSignal) => {
    if (!(await options.sessionLive())) {
      stop();
      return;
    }
    const current = await options.resolve();
    for (const change of await visibleChanges(signal, current, options)) {
      const { type, id, row } = change;
      await send(type, row ? { type, id, data: toRecordView(row) } : { type, id });
    }
  };

  const unsubscribe = options.bus.subscribe<EntityChangeSignal>(
    entityTopic(target.appId, target.name),
    (event) => {
      chain = chain
        .then(() => handle(event.data))
        .catch((error) => {
          if ((error as { status?: number }).status === 404) stop();
          else options.logger.warn({ err: error }, 'entity change not delivered');
        });
    },
  );
  const keepAlive = setInterval(() => {
    chain = chain
      .then(async () => {
        if (await options.sessionLive()) await stream.write(': keep-alive\n\n');
        else stop();
      })
      .catch(() => {});
  }, SSE_KEEPALIVE_MS);
  await stream.write(': connected\n\n');
  await done;
  clearInterval(keepAlive);
  unsubscribe();
  untrack();
  await chain;
}
