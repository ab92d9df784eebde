/**
 * The Base44 SDK client that `npm:@base44/sdk`'s `createClientFromRequest` / `createClient` answer
 * inside a function (function-bundle.ts maps the import onto `__atelierBase44`). The client never
 * makes HTTP requests: each call goes through the host's SDK bridge (`hostSdk`, protocol `base44`),
 * which runs the same API request in process, for the invocation's app only, as the invocation's
 * caller or (`asServiceRole`) as the app's service role. No credential enters the isolate.
 */
import type { SdkAnswer, SdkCall } from '../protocol.ts';
import { ASYNC, defineHidden, hostSdk } from './bridge.ts';
import { Request } from './http.ts';

class Base44Error extends Error {
  // Declared, not class fields: the constructor sets them after `name`, in the SDK's order.
  declare status: number;
  declare code: string;
  declare data: unknown;
  constructor(message: string, status: number, code: string, data: unknown) {
    super(message);
    this.name = 'Base44Error';
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

interface CallOptions {
  query?: Record<string, unknown>;
  body?: unknown;
}
interface PageOptions {
  limit?: number;
  cursor?: unknown;
  sort?: unknown;
  fields?: string | string[];
}
type Fields = string | string[] | undefined;

function makeBase44(role: SdkCall['role']) {
  const send = (method: string, path: string[], options?: CallOptions) =>
    hostSdk
      .apply(
        undefined,
        [{ role, protocol: 'base44', method, path, query: options?.query, body: options?.body }],
        ASYNC,
      )
      .then((answer): Extract<SdkAnswer, { ok: true }> => {
        if (!answer.ok)
          throw new Base44Error(answer.message, answer.status, answer.code, {
            message: answer.message,
            code: answer.code,
            detail: answer.details,
          });
        return answer;
      });
  const call = (method: string, path: string[], options?: CallOptions) =>
    send(method, path, options).then((answer) => answer.body);
  const fieldsOf = (fields: string | string[]) => (Array.isArray(fields) ? fields.join(',') : fields);
  const listQuery = (query: unknown, sort: unknown, limit: unknown, skip: unknown, fields: Fields) => {
    const q: Record<string, unknown> = {};
    if (query) q.q = JSON.stringify(query);
    if (sort) q.sort = sort;
    if (limit) q.limit = limit;
    if (skip) q.skip = skip;
    if (fields) q.fields = fieldsOf(fields);
    return q;
  };
  const pageQuery = (options: PageOptions, query: unknown) => {
    const q: Record<string, unknown> = { limit: options.limit || 100 };
    if (query) q.q = JSON.stringify(query);
    if (options.cursor) q.cursor = options.cursor;
    if (options.sort) q.sort = options.sort;
    if (options.fields) q.fields = fieldsOf(options.fields);
    return q;
  };
  const isPage = (value: unknown): value is PageOptions => typeof value === 'object' && value !== null;
  const entity = (name: string) => {
    const base = ['entities', name];
    const read = (query: unknown, sort: unknown, limit: unknown, skip: unknown, fields: Fields) =>
      isPage(sort)
        ? call('GET', base.concat(['v2', 'list']), { query: pageQuery(sort, query) })
        : call('GET', base, { query: listQuery(query, sort, limit, skip, fields) });
    return Object.freeze({
      list: (sort?: unknown, limit?: unknown, skip?: unknown, fields?: Fields) =>
        read(undefined, sort, limit, skip, fields),
      filter: (query: unknown, sort?: unknown, limit?: unknown, skip?: unknown, fields?: Fields) =>
        read(query, sort, limit, skip, fields),
      get: (id: unknown) => call('GET', base.concat([String(id)])),
      create: (data: unknown) => call('POST', base, { body: data }),
      update: (id: unknown, data: unknown) => call('PUT', base.concat([String(id)]), { body: data }),
      delete: (id: unknown) => call('DELETE', base.concat([String(id)])),
      deleteMany: (query: unknown) => call('DELETE', base, { body: query }),
      bulkCreate: (records: unknown) => call('POST', base.concat(['bulk']), { body: records }),
      bulkUpdate: (records: unknown) => call('PUT', base.concat(['bulk']), { body: records }),
      updateMany: (query: unknown, data: unknown) =>
        call('PATCH', base.concat(['update-many']), { body: { query, data } }),
      count: (query?: unknown) =>
        call('GET', base.concat(['count']), { query: query ? { q: JSON.stringify(query) } : {} }).then(
          (r) => (r as { count: unknown }).count,
        ),
      subscribe: () => {
        throw new Error('entities.subscribe() is not available in backend functions');
      },
    });
  };
  const entities = new Proxy(
    {},
    { get: (_, name) => (typeof name === 'string' && name !== 'then' ? entity(name) : undefined) },
  );
  const me = () => call('GET', ['entities', 'User', 'me']);
  const auth = Object.freeze({
    me,
    updateMe: (data: unknown) => call('PUT', ['entities', 'User', 'me'], { body: data }),
    isAuthenticated: () =>
      me().then(
        () => true,
        () => false,
      ),
  });
  const invoke = (name: unknown, data?: unknown) => {
    if (typeof data === 'string')
      return Promise.reject(
        new Error(`Function ${name} must receive an object with named parameters, received: ${data}`),
      );
    return send('POST', ['functions', String(name)], { body: data === undefined ? {} : data }).then(
      (answer) => ({
        data: answer.body,
        status: answer.status,
        statusText: '',
        headers: answer.headers || {},
      }),
    );
  };
  const integration = (pkg: string) =>
    new Proxy(
      {},
      {
        get: (_, name) =>
          typeof name === 'string' && name !== 'then'
            ? (params?: unknown) =>
                call('POST', ['integration-endpoints', pkg, name], {
                  body: params === undefined ? {} : params,
                })
            : undefined,
      },
    );
  const integrations = new Proxy(
    {},
    { get: (_, pkg) => (typeof pkg === 'string' && pkg !== 'then' ? integration(pkg) : undefined) },
  );
  return { entities, auth, functions: Object.freeze({ invoke }), integrations };
}

const base44Caller = makeBase44('caller');
const base44Service = Object.freeze(makeBase44('service'));
const serviceRoleRefused = () => {
  throw new Error(
    'Service token is required to use asServiceRole. Please provide a serviceToken when creating the client.',
  );
};
function base44Client(withService: boolean) {
  const client = Object.assign({}, base44Caller, { setToken() {}, cleanup() {} });
  Object.defineProperty(client, 'asServiceRole', {
    get: withService ? () => base44Service : serviceRoleRefused,
    enumerable: true,
  });
  return Object.freeze(client);
}
const base44FromRequest = base44Client(true);
const base44Sdk = Object.freeze({
  createClientFromRequest: (request: unknown) => {
    if (!(request instanceof Request))
      throw new TypeError('createClientFromRequest needs the Request the handler received');
    return base44FromRequest;
  },
  createClient: (config?: { serviceToken?: unknown }) => base44Client(!!config?.serviceToken),
  Base44Error,
});
defineHidden('__atelierBase44', base44Sdk);
