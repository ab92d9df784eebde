// The baseline: a bare node:http server answering the same health body.
import http from 'node:http';

const body = JSON.stringify({ status: 'ok', database: 'pglite', version: '0.1.0' });
http
  .createServer((req, res) => {
    if (req.url === '/api/health') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    } else {
      res.writeHead(404).end();
    }
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
