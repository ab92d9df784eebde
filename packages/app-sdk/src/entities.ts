import { openEventStream } from './sse.ts';
import type { Transport } from './transport.ts';

/** A stored record: your fields plus the ones every record has. */
export interface EntityRecord {
  id: string;
  creatorId?: string | null;
  createdAt?: string;
  updatedAt?: string;
  [field: string]: unknown;
}

/** One change pushed to `subscribe` listeners. */
export interface EntityChange<T extends EntityRecord = EntityRecord> {
  type: 'create' | 'update' | 'delete';
  id: string;
  /** The record after the change (absent for `delete`). */
  data?: T;
}

/** A filter: field → value (equality), or field → `{ $gt, $gte, $lt, $lte, $ne, $in, $nin, $contains }`. */
export type EntityQuery = Record<string, unknown>;

/** The calls on one entity, e.g. `entities.Contact`. `sort` is a field name, `-field` for descending. */
export interface EntityClient<T extends EntityRecord = EntityRecord> {
  list(sort?: string, limit?: number, skip?: number): Promise<T[]>;
  filter(query: EntityQuery, sort?: string, limit?: number, skip?: number): Promise<T[]>;
  get(id: string): Promise<T>;
  create(data: Partial<Omit<T, 'id'>>): Promise<T>;
  update(id: string, data: Partial<Omit<T, 'id'>>): Promise<T>;
  delete(id: string): Promise<void>;
  bulkCreate(records: Partial<Omit<T, 'id'>>[]): Promise<T[]>;
  /** Calls `listener` for every change to this entity's records the user may see; answers the unsubscribe function. */
  subscribe(listener: (change: EntityChange<T>) => void): () => void;
}

export type Entities = Record<string, EntityClient>;

/** One entity's calls; `transport` is asked for on each call, so a misconfigured page fails the call, not the import. */
export function entityClient<T extends EntityRecord = EntityRecord>(
  transport: () => Transport,
  name: string,
): EntityClient<T> {
  const path = (...rest: string[]) => transport().appPath('entities', name, ...rest);
  const page = (sort?: string, limit?: number, skip?: number) => ({ sort, limit, skip });
  return {
    list: async (sort, limit, skip) =>
      transport().request<T[]>('GET', path(), { query: page(sort, limit, skip) }),
    filter: async (query, sort, limit, skip) =>
      transport().request<T[]>('GET', path(), {
        query: { q: JSON.stringify(query), ...page(sort, limit, skip) },
      }),
    get: async (id) => transport().request<T>('GET', path(id)),
    create: async (data) => transport().request<T>('POST', path(), { body: data }),
    update: async (id, data) => transport().request<T>('PATCH', path(id), { body: data }),
    delete: async (id) => {
      await transport().request<unknown>('DELETE', path(id));
    },
    bulkCreate: async (records) => transport().request<T[]>('POST', path('bulk'), { body: records }),
    subscribe(listener) {
      return openEventStream(transport(), path('subscribe'), (event) => {
        let change: EntityChange<T>;
        try {
          change = JSON.parse(event.data) as EntityChange<T>;
        } catch {
          return;
        }
        if (
          !change.type &&
          (event.event === 'create' || event.event === 'update' || event.event === 'delete')
        ) {
          change = { ...change, type: event.event };
        }
        listener(change);
      });
    },
  };
}

/** `entities.<Name>` for any entity name: a Proxy that makes (and keeps) one client per name. */
export function entitiesProxy(transport: () => Transport): Entities {
  const clients = new Map<string, EntityClient>();
  return new Proxy({} as Entities, {
    get(_target, name) {
      if (typeof name !== 'string' || name === 'then' || name === 'toJSON') return undefined;
      let client = clients.get(name);
      if (!client) {
        client = entityClient(transport, name);
        clients.set(name, client);
      }
      return client;
    },
    has: (_target, name) => typeof name === 'string',
  });
}
