// The baseline of the entities benchmark: bare node:http + node-postgres answering the same list and
// create queries the entity API runs (same SQL, same pool size), with no auth, no rules lookup, no
// validation. GET /api/health, GET /list, POST /create.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const { DATABASE_URL, PORT, APP_ID, ENTITY, USER_ID } = process.env;
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });

const LIST = `select r.id, r.creator_id, r.data, r.created_at, r.updated_at from entity_records r
  where r.app_id = $1 and r.entity = $2 and (r.creator_id = $3) and true
  order by r.created_at desc, r.id desc limit $4 offset $5`;
const CREATE = `insert into entity_records as r (app_id, entity, id, creator_id, data) values ($1, $2, $3, $4, $5::jsonb)
  returning r.id, r.creator_id, r.data, r.created_at, r.updated_at`;

const view = (row) => ({
  ...row.data,
  id: row.id,
  creatorId: row.creator_id,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

http
  .createServer(async (req, res) => {
    try {
      if (req.url === '/api/health') return res.writeHead(200).end('ok');
      if (req.method === 'GET' && req.url.startsWith('/list')) {
        const { rows } = await pool.query(LIST, [APP_ID, ENTITY, USER_ID, 20, 0]);
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows.map(view)));
      }
      if (req.method === 'POST' && req.url === '/create') {
        const chunks = [];
        for await (const chunk of req) chunks.push(chunk);
        const data = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const { rows } = await pool.query(CREATE, [
          APP_ID,
          ENTITY,
          randomUUID(),
          USER_ID,
          JSON.stringify(data),
        ]);
        return res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(view(rows[0])));
      }
      res.writeHead(404).end();
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  })
  .listen(Number(PORT), '127.0.0.1');
