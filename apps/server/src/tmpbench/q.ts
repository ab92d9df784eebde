import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { eq } from 'drizzle-orm';
import { pgTable, text, integer, timestamp } from 'drizzle-orm/pg-core';
import { openDatabase } from '../platform/db/database.ts';
import { createLogger } from '../platform/logger.ts';
const t = pgTable('t', { id: integer('id').primaryKey(), v: text('v'), at: timestamp('at', { withTimezone: true }).defaultNow() });
const tmpl = await PGlite.create(); await tmpl.exec('create table t(id int primary key, v text, at timestamptz default now())');
const dump = await tmpl.dumpDataDir('none'); await tmpl.close();
const N = 1000;
async function run(db: any) {
  let s = performance.now();
  for (let i = 0; i < N; i++) await db.insert(t).values({ id: i, v: 'x'.repeat(200) });
  const create = (performance.now() - s) / N;
  s = performance.now();
  for (let i = 0; i < N; i++) await db.select().from(t).where(eq(t.id, i));
  const get = (performance.now() - s) / N;
  s = performance.now();
  for (let i = 0; i < 50; i++) await db.select().from(t).limit(100);
  const list = (performance.now() - s) / 50;
  return { create: +create.toFixed(3), get: +get.toFixed(3), list100: +list.toFixed(3) };
}
for (let r = 0; r < 3; r++) {
  const c = await PGlite.create({ loadDataDir: dump });
  console.log('in-process', await run(drizzle({ client: c })));
  await c.close();
  const d = await openDatabase({ dataDir: 'memory://', loadDataDir: dump, logger: createLogger('silent') });
  console.log('worker    ', await run(d.db));
  await d.close();
}
