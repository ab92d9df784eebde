import { EventEmitter } from 'node:events';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';

export const EVENTS_CHANNEL = 'atelier_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; leave room for the envelope. */
export const MAX_EVENT_BYTES = 7_500;

export interface BusEvent<Data = unknown> {
  topic: string;
  data: Data;
}

export type EventListener<Data = unknown> = (event: BusEvent<Data>) => void;

/**
 * Live events across every server instance: `publish` sends a NOTIFY on one channel; each instance
 * LISTENs once and dispatches to its local subscribers by topic. Events are signals (ids, statuses);
 * anything large is read from the database by the subscriber.
 */
export interface EventBus {
  start(): Promise<void>;
  publish<Data>(topic: string, data: Data): Promise<void>;
  subscribe<Data>(topic: string, listener: EventListener<Data>): () => void;
  /**
   * True while this instance hears every event: after `start`, and not while the LISTEN
   * connection is lost. Caches of signalled data must not serve from memory otherwise.
   */
  isListening(): boolean;
  /** Hears when listening stops (events may be missed) and when it starts again (some were missed). */
  onListenState(listener: (listening: boolean) => void): () => void;
  close(): Promise<void>;
}

const LISTEN_STATE = Symbol('listen-state');

export function createEventBus(database: Database, logger: Logger): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let unlisten: (() => Promise<void>) | undefined;
  let listening = false;
  const setListening = (value: boolean) => {
    listening = value;
    emitter.emit(LISTEN_STATE, value);
  };

  return {
    async start() {
      if (unlisten) return;
      unlisten = await database.listen(
        EVENTS_CHANNEL,
        (payload) => {
          let event: BusEvent;
          try {
            event = JSON.parse(payload) as BusEvent;
          } catch (error) {
            logger.warn({ err: error }, 'dropped an unreadable event');
            return;
          }
          emitter.emit(event.topic, event);
        },
        setListening,
      );
      setListening(true);
    },
    async publish(topic, data) {
      const payload = JSON.stringify({ topic, data } satisfies BusEvent);
      if (Buffer.byteLength(payload) > MAX_EVENT_BYTES) {
        throw new Error(
          `Event on ${topic} is ${Buffer.byteLength(payload)} bytes; the limit is ${MAX_EVENT_BYTES}`,
        );
      }
      await database.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, payload]);
    },
    subscribe(topic, listener) {
      emitter.on(topic, listener as EventListener);
      return () => emitter.off(topic, listener as EventListener);
    },
    isListening: () => listening,
    onListenState(listener) {
      emitter.on(LISTEN_STATE, listener);
      return () => emitter.off(LISTEN_STATE, listener);
    },
    async close() {
      if (listening) setListening(false);
      emitter.removeAllListeners();
      await unlisten?.();
      unlisten = undefined;
    },
  };
}
