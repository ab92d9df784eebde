// The floor of the app-shaped entities benchmark (entities-apps.ts): bare node:http over
// node-postgres (ENGINE=postgres, DATABASE_URL, a pool of 10 like the server's) or over PGlite
// (ENGINE=pglite, PGLITE_DIR, one instance in this process like the server's), running exactly the
// statements the entity API runs for each operation (OPERATIONS: captured from the server's own
// service, same SQL, same parameters, the rules in the WHERE), with no auth, app lookup or validation.
// GET /api/health, GET /list/<newest|filtered|sorted>, GET /get/<id>, POST /create, PATCH /update/<id>,
// POST /explain (the plan of each list statement, EXPLAIN ANALYZE as JSON).
import { randomUUID } from 'node:crypto';
import http from 'node:http';

const { ENGINE, DATABASE_URL, PGLITE_DIR, PORT, OPERATIONS } = process.env;
const operations = JSON.parse(OPERATIONS);

async function openEngine() {
  if (ENGINE === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create(PGLITE_DIR, { relaxedDurability: false });
    return { query: (text, params) => client.query(text, params), close: () => client.close() };
  }
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
  return { query: (text, params) => pool.query(text, params), close: () => pool.end() };
}
const db = await openEngine();

const view = (row) => ({
  ...row.data,
  id: row.id,
  creatorId: row.creator_id,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** Runs an operation's statements in order, with `vary` changing the parameters; answers the last rows. */
async function run(operation, vary = (params) => params) {
  let rows = [];
  for (const [index, statement] of operation.statements.entries()) {
    rows = (await db.query(statement.text, vary([...statement.params], index))).rows;
  }
  return rows;
}

const withId = (operation, id) => (params, index) => {
  for (const [statement, at] of operation.idAt) if (statement === index) params[at] = id;
  return params;
};

const lists = { newest: 'list newest', filtered: 'list filtered', sorted: 'list sorted' };

async function body(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const json = (res, status, text) => res.writeHead(status, { 'content-type': 'application/json' }).end(text);

http
  .createServer(async (req, res) => {
    try {
      const [, verb, arg] = req.url.split('/');
      if (req.url === '/api/health') return res.writeHead(200).end('ok');
      if (req.method === 'GET' && verb === 'list' && lists[arg]) {
        // The list statement answers each record's JSON (built by the database), as the API sends it.
        const rows = await run(operations[lists[arg]]);
        return json(res, 200, `[${rows.map((row) => row.view).join(',')}]`);
      }
      if (req.method === 'GET' && verb === 'get') {
        const [row] = await run(operations.get, withId(operations.get, decodeURIComponent(arg)));
        return row ? json(res, 200, JSON.stringify(view(row))) : res.writeHead(404).end();
      }
      if (req.method === 'POST' && verb === 'create') {
        const data = await body(req);
        const { payloadAt } = operations.create;
        const [row] = await run(operations.create, (params, index) => {
          if (payloadAt[0] === index) {
            const [record] = JSON.parse(params[payloadAt[1]]);
            params[payloadAt[1]] = JSON.stringify([{ ...record, id: randomUUID(), data }]);
          }
          return params;
        });
        return json(res, 201, JSON.stringify(view(row)));
      }
      if (req.method === 'PATCH' && verb === 'update') {
        await body(req);
        const [row] = await run(operations.update, withId(operations.update, decodeURIComponent(arg)));
        return row ? json(res, 200, JSON.stringify(view(row))) : res.writeHead(404).end();
      }
      if (req.method === 'POST' && verb === 'explain') {
        const plans = {};
        for (const name of Object.values(lists)) {
          const statements = operations[name].statements;
          for (const statement of statements.slice(0, -1)) await db.query(statement.text, statement.params);
          const last = statements.at(-1);
          const { rows } = await db.query(`explain (analyze, format json) ${last.text}`, last.params);
          const plan = rows[0]['QUERY PLAN'];
          plans[name] = typeof plan === 'string' ? JSON.parse(plan) : plan;
        }
        return json(res, 200, JSON.stringify(plans));
      }
      res.writeHead(404).end();
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  })
  .listen(Number(PORT), '127.0.0.1');
// A clean exit on SIGTERM: PGlite closes its data directory, --cpu-prof writes its profile.
process.on('SIGTERM', async () => {
  await db.close().catch(() => {});
  process.exit(0);
});
