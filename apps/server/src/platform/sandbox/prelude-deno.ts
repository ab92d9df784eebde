/**
 * The part of the isolate prelude (`prelude.ts`) for functions written for Deno, as Base44 exports
 * them: the `Deno` global (`Deno.serve` records the handler, `Deno.env` reads the app's secrets)
 * and the Base44 SDK client that `npm:@base44/sdk`'s `createClientFromRequest` / `createClient`
 * answer inside a function (function-bundle.ts maps the import onto `__atelierBase44`). The client
 * never makes HTTP requests: each call goes through the host's SDK bridge (`hostSdk`, protocol
 * `base44`), which runs the same API request in process, for the invocation's app only, as the
 * invocation's caller or (`asServiceRole`) as the app's service role. No credential enters the isolate.
 *
 * Spliced into PRELUDE_SOURCE, so it sees the prelude's locals (hostSdk, ASYNC, Request, Response);
 * like it, it contains no backtick and no dollar-brace sequence.
 */
export const DENO_PRELUDE_SECTION = `
/* ---------- Deno ---------- */
let denoHandler = null;
let denoEnv = {};
const SERVE_HELP = 'Deno.serve needs a handler: Deno.serve(async (req) => new Response(...))';
function denoServe(a, b) {
  const handler = typeof a === 'function' ? a : typeof b === 'function' ? b : a && typeof a.handler === 'function' ? a.handler : null;
  if (!handler) throw new TypeError(SERVE_HELP);
  denoHandler = handler;
  const addr = Object.freeze({ transport: 'tcp', hostname: '0.0.0.0', port: 8000 });
  return Object.freeze({ addr, finished: new Promise(() => {}), shutdown: () => Promise.resolve(), ref() {}, unref() {} });
}
const envName = (name) => {
  if (typeof name !== 'string') throw new TypeError('Deno.env: the variable name must be a string');
  return name;
};
const denoEnvApi = Object.freeze({
  get: (name) => (Object.prototype.hasOwnProperty.call(denoEnv, envName(name)) ? denoEnv[name] : undefined),
  has: (name) => Object.prototype.hasOwnProperty.call(denoEnv, envName(name)),
  set: (name, value) => { denoEnv[envName(name)] = String(value); },
  delete: (name) => { delete denoEnv[envName(name)]; },
  toObject: () => Object.assign({}, denoEnv),
});
const Deno = Object.freeze({
  serve: denoServe,
  env: denoEnvApi,
  version: Object.freeze({ deno: '2.0.0', v8: '', typescript: '' }),
  build: Object.freeze({ os: 'linux', arch: 'x86_64', target: 'x86_64-unknown-linux-gnu' }),
  pid: 1,
  noColor: true,
  cwd: () => '/',
});

/* ---------- the Base44 SDK inside functions (npm:@base44/sdk) ---------- */
class Base44Error extends Error {
  constructor(message, status, code, data) {
    super(message);
    this.name = 'Base44Error';
    this.status = status;
    this.code = code;
    this.data = data;
  }
}
function makeBase44(role) {
  const send = (method, path, options) => hostSdk.apply(undefined, [{
    role, protocol: 'base44', method, path,
    query: options && options.query, body: options && options.body,
  }], ASYNC).then((answer) => {
    if (!answer.ok) throw new Base44Error(answer.message, answer.status, answer.code, { message: answer.message, code: answer.code, detail: answer.details });
    return answer;
  });
  const call = (method, path, options) => send(method, path, options).then((answer) => answer.body);
  const fieldsOf = (fields) => (Array.isArray(fields) ? fields.join(',') : fields);
  const listQuery = (query, sort, limit, skip, fields) => {
    const q = {};
    if (query) q.q = JSON.stringify(query);
    if (sort) q.sort = sort;
    if (limit) q.limit = limit;
    if (skip) q.skip = skip;
    if (fields) q.fields = fieldsOf(fields);
    return q;
  };
  const pageQuery = (options, query) => {
    const q = { limit: options.limit || 100 };
    if (query) q.q = JSON.stringify(query);
    if (options.cursor) q.cursor = options.cursor;
    if (options.sort) q.sort = options.sort;
    if (options.fields) q.fields = fieldsOf(options.fields);
    return q;
  };
  const isPage = (value) => typeof value === 'object' && value !== null;
  const entity = (name) => {
    const base = ['entities', name];
    const read = (query, sort, limit, skip, fields) => isPage(sort)
      ? call('GET', base.concat(['v2', 'list']), { query: pageQuery(sort, query) })
      : call('GET', base, { query: listQuery(query, sort, limit, skip, fields) });
    return Object.freeze({
      list: (sort, limit, skip, fields) => read(undefined, sort, limit, skip, fields),
      filter: (query, sort, limit, skip, fields) => read(query, sort, limit, skip, fields),
      get: (id) => call('GET', base.concat([String(id)])),
      create: (data) => call('POST', base, { body: data }),
      update: (id, data) => call('PUT', base.concat([String(id)]), { body: data }),
      delete: (id) => call('DELETE', base.concat([String(id)])),
      deleteMany: (query) => call('DELETE', base, { body: query }),
      bulkCreate: (records) => call('POST', base.concat(['bulk']), { body: records }),
      bulkUpdate: (records) => call('PUT', base.concat(['bulk']), { body: records }),
      updateMany: (query, data) => call('PATCH', base.concat(['update-many']), { body: { query, data } }),
      count: (query) => call('GET', base.concat(['count']), { query: query ? { q: JSON.stringify(query) } : {} }).then((r) => r.count),
      subscribe: () => { throw new Error('entities.subscribe() is not available in backend functions'); },
    });
  };
  const entities = new Proxy({}, { get: (_, name) => (typeof name === 'string' && name !== 'then' ? entity(name) : undefined) });
  const me = () => call('GET', ['entities', 'User', 'me']);
  const auth = Object.freeze({
    me,
    updateMe: (data) => call('PUT', ['entities', 'User', 'me'], { body: data }),
    isAuthenticated: () => me().then(() => true, () => false),
  });
  const invoke = (name, data) => {
    if (typeof data === 'string') return Promise.reject(new Error('Function ' + name + ' must receive an object with named parameters, received: ' + data));
    return send('POST', ['functions', String(name)], { body: data === undefined ? {} : data })
      .then((answer) => ({ data: answer.body, status: answer.status, statusText: '', headers: answer.headers || {} }));
  };
  const integration = (pkg) => new Proxy({}, {
    get: (_, name) => (typeof name === 'string' && name !== 'then'
      ? (params) => call('POST', ['integration-endpoints', pkg, name], { body: params === undefined ? {} : params })
      : undefined),
  });
  const integrations = new Proxy({}, { get: (_, pkg) => (typeof pkg === 'string' && pkg !== 'then' ? integration(pkg) : undefined) });
  return { entities, auth, functions: Object.freeze({ invoke }), integrations };
}
const base44Caller = makeBase44('caller');
const base44Service = Object.freeze(makeBase44('service'));
const serviceRoleRefused = () => { throw new Error('Service token is required to use asServiceRole. Please provide a serviceToken when creating the client.'); };
function base44Client(withService) {
  const client = Object.assign({}, base44Caller, { setToken() {}, cleanup() {} });
  Object.defineProperty(client, 'asServiceRole', { get: withService ? () => base44Service : serviceRoleRefused, enumerable: true });
  return Object.freeze(client);
}
const base44FromRequest = base44Client(true);
const base44Sdk = Object.freeze({
  createClientFromRequest: (request) => {
    if (!(request instanceof Request)) throw new TypeError('createClientFromRequest needs the Request the handler received');
    return base44FromRequest;
  },
  createClient: (config) => base44Client(!!(config && config.serviceToken)),
  Base44Error,
});
Object.defineProperty(g, '__atelierBase44', { value: base44Sdk, writable: false, configurable: false, enumerable: false });
`;
