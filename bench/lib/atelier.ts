import type pg from 'pg';

/** A JSON call to a running Atelier server; throws with the answer's text when it is not 2xx. */
export async function apiCall(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', origin: base, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  const isJson = res.headers.get('content-type')?.includes('json') && text;
  return {
    res,
    text,
    json: isJson ? (JSON.parse(text) as unknown) : undefined,
    cookie: res.headers.getSetCookie()[0]?.split(';')[0] ?? '',
  };
}

/**
 * Signs a builder up and verifies the address with the link of the dev outbox (builders act only
 * once verified: spec 1 §2, issue 23 #8); answers the session cookie. The outbox exists outside
 * production only, so the benchmarks that act as a builder run the server with NODE_ENV
 * development: it changes mail, the first admin's set-up code and the configuration checks, none of
 * the paths measured.
 */
export async function signUpBuilder(
  base: string,
  builder: { email: string; password: string },
): Promise<string> {
  const { cookie } = await apiCall(base, 'POST', '/api/auth/signup', builder);
  const outbox = (await apiCall(base, 'GET', '/api/dev/outbox')).json as {
    messages: { to: string; subject: string; text: string }[];
  };
  const mail = outbox.messages.find(
    (m) => m.to === builder.email && m.subject.startsWith('Verify your email'),
  );
  const token = /[?&]oobCode=([^&\s]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no verification mail to ${builder.email} in the dev outbox`);
  await apiCall(base, 'POST', '/api/auth/verify-email', { token: decodeURIComponent(token) }, { cookie });
  return cookie;
}

/** The benchmarks' entity: Task (title, points, done); the creator reads and writes. */
export const TASK_SCHEMA = {
  type: 'object',
  properties: { title: { type: 'string' }, points: { type: 'number' }, done: { type: 'boolean' } },
  required: ['title'],
  rls: { read: 'creator', write: 'creator' },
};

/**
 * A builder signs up and makes a generated app whose `entities/<name>.json` is `schema` (the Task
 * entity by default); not yet published (`publishForEndUsers`).
 */
export async function createTaskApp(
  base: string,
  builder: { email: string; password: string },
  schema: unknown = TASK_SCHEMA,
  entity = 'Task',
) {
  const cookie = { cookie: await signUpBuilder(base, builder) };
  const app = (await apiCall(base, 'POST', '/api/apps', { name: 'Bench', type: 'GEN_APP' }, cookie)).json as {
    id: string;
  };
  // Entity files are read-only in the code editor (files/update); an admin's merge writes one.
  await apiCall(
    base,
    'POST',
    `/api/apps/${app.id}/merge`,
    { files: [{ path: `entities/${entity}.json`, content: JSON.stringify(schema) }] },
    cookie,
  );
  return { appId: app.id, cookie };
}

/** The SQL that publishes an app with end-user signup on (run by whoever holds the database). */
export const PUBLISH_FOR_END_USERS_SQL =
  'update apps set is_signup_enabled = true, published_at = now() where id = $1';

/**
 * The benchmarks' app: a builder signs up, makes a generated app with a Task entity (title, points,
 * done; rules: the creator reads and writes), and the app is published with end-user signup on.
 */
export async function setUpTaskApp(
  base: string,
  pool: pg.Pool,
  builder: { email: string; password: string },
) {
  const created = await createTaskApp(base, builder);
  await pool.query(PUBLISH_FOR_END_USERS_SQL, [created.appId]);
  return created;
}
