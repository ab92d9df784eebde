// The baseline of the entities benchmark: bare node:http + node-postgres running exactly the list and
// create statements the entity API runs (captured from the server's own service: same SQL, same
// parameters, the rules in the WHERE), same pool size, with no auth, no app lookup, no validation.
// GET /api/health, GET /list, POST /create.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const { DATABASE_URL, PORT, STATEMENTS } = process.env;
const { list, create } = JSON.parse(STATEMENTS);
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });

const view = (row) => ({
  ...row.data,
  id: row.id,
  creatorId: row.creator_id,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** The create statement's parameters with a new record (a fresh id, the posted fields). */
function createParams(data) {
  const params = [...create.params];
  const [record] = JSON.parse(params[create.payloadIndex]);
  params[create.payloadIndex] = JSON.stringify([{ ...record, id: randomUUID(), data }]);
  return params;
}

http
  .createServer(async (req, res) => {
    try {
      if (req.url === '/api/health') return res.writeHead(200).end('ok');
      if (req.method === 'GET' && req.url.startsWith('/list')) {
        // The list statement answers each record's JSON (built by PostgreSQL), as the API sends it.
        const { rows } = await pool.query(list.text, list.params);
        const body = `[${rows.map((row) => row.view).join(',')}]`;
        return res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      }
      if (req.method === 'POST' && req.url === '/create') {
        const chunks = [];
        for await (const chunk of req) chunks.push(chunk);
        const data = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const { rows } = await pool.query(create.text, createParams(data));
        return res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(view(rows[0])));
      }
      res.writeHead(404).end();
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  })
  .listen(Number(PORT), '127.0.0.1');
// A clean exit on SIGTERM, so that --cpu-prof (BENCH_CPU_PROF) writes its profile.
process.on('SIGTERM', () => process.exit(0));
