import { NpmPackages } from './src/features/npm/npm-packages.ts';
const npm = new NpmPackages({ cacheDir: '/tmp/exp-npm-cache', registryUrl: 'https://registry.npmjs.org' });
for (const spec of process.argv.slice(2)) {
  const t = Date.now();
  try { const b = await npm.resolveNpmModule(spec, { target: 'browser' }); console.log(spec, 'OK', b.code.length, b.imports, Date.now() - t, 'ms'); }
  catch (e) { console.log(spec, 'ERR', (e as Error).message.slice(0, 800)); }
}
