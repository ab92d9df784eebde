// A local npm registry for tests (unit, integration and the end-to-end server): serves abbreviated
// packuments and gzipped tarballs built on the fly from in-memory packages. Plain JavaScript so
// e2e/server.mjs can start it too (types: fake-npm-registry.d.mts).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { create } from 'tar';

/** Packs `files` (path → content) as an npm tarball (`package/…`, gzipped). */
export function packTarball(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-npm-'));
  try {
    for (const [file, content] of Object.entries(files)) {
      const target = path.join(dir, 'package', file);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, content);
    }
    const out = path.join(dir, 'package.tgz');
    create({ gzip: true, cwd: dir, file: out, sync: true, portable: true }, ['package']);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const integrityOf = (data) => `sha512-${createHash('sha512').update(data).digest('base64')}`;

/**
 * Starts the registry on 127.0.0.1. `packages`: name → version → { files, dependencies?,
 * peerDependencies?, tarball? (raw bytes instead of packing files) }; package.json is added from
 * name, version and dependencies when `files` has none.
 */
export async function startFakeNpmRegistry(packages = {}) {
  const tarballs = new Map();
  const requests = [];
  const corrupted = new Set();
  let url = '';

  const packument = (name) => {
    const versions = packages[name];
    if (!versions) return undefined;
    const doc = { name, 'dist-tags': {}, versions: {} };
    for (const [version, def] of Object.entries(versions)) {
      const files = { ...def.files };
      files['package.json'] ??= JSON.stringify({
        name,
        version,
        main: 'index.js',
        dependencies: def.dependencies,
        peerDependencies: def.peerDependencies,
        ...def.manifest,
      });
      const key = `${name}@${version}`;
      if (!tarballs.has(key)) tarballs.set(key, def.tarball ?? packTarball(files));
      const data = tarballs.get(key);
      const file = `${name.replace(/^@[^/]+\//, '')}-${version}.tgz`;
      doc.versions[version] = {
        name,
        version,
        dependencies: def.dependencies,
        optionalDependencies: def.optionalDependencies,
        peerDependencies: def.peerDependencies,
        dist: { tarball: `${url}/${name}/-/${file}`, integrity: integrityOf(data) },
      };
      doc['dist-tags'].latest = def.latest === false ? doc['dist-tags'].latest : version;
    }
    return doc;
  };

  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(pathname);
    const tarball = /^\/(.+)\/-\/.+-(\d[^/]*)\.tgz$/.exec(pathname);
    if (tarball) {
      const key = `${tarball[1]}@${tarball[2]}`;
      if (!packument(tarball[1]) || !tarballs.has(key)) return void res.writeHead(404).end();
      let data = tarballs.get(key);
      if (corrupted.has(key)) data = Buffer.concat([data, Buffer.from('tampered')]);
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': data.length });
      return void res.end(data);
    }
    const doc = packument(pathname.slice(1));
    if (!doc)
      return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    requests,
    /** Serve this version's tarball with extra bytes (its integrity no longer matches). */
    corrupt(id) {
      corrupted.add(id);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
