import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Browser, chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../apps/server/test/support/chromium.ts';
import { startPgCluster } from '../../apps/server/test/support/pg-cluster.ts';
import { apiCall, signUpBuilder } from '../lib/atelier.ts';
import { median, record, repoRoot, round } from '../lib/harness.ts';
import { freePort, type Started, spawnUntilHealthy } from '../lib/processes.ts';

/**
 * The builder's database panel (issue 22 #3) in Chromium on an entity of 1,000,000 records, on
 * PostgreSQL and PGlite: opening the entity (click → the true count and the first rows on screen)
 * and sorting it on a data field (header menu's Sort ascending / Sort descending → the first row of the new order on screen), each
 * against the same panel on 1,000 records in the same run. The records are written by SQL (one
 * generate_series statement), the way an import would leave them; sorting runs on the server.
 * The big entity is sorted first with no index (one run after the warm-up), then the builder gets
 * the title's sort index (the column menu's "Index this field for fast sorting", or the one the
 * slow sort started by itself on PostgreSQL: `indexTitle`, timed), then the measured runs.
 */
const BIG = Number(process.env.BENCH_GRID_ROWS ?? 1_000_000);
const SMALL = 1_000;
const RUNS = Number(process.env.BENCH_GRID_RUNS ?? 3);
const serverMain = process.env.BENCH_SERVER_MAIN ?? path.join(repoRoot, 'apps/server/dist/main.js');
const PASSWORD = 'violet-canyon-maple-42';
const BUILDER = 'grid-bench@example.com';
const SCHEMA = {
  type: 'object',
  properties: { title: { type: 'string' }, value: { type: 'number' } },
  rls: { read: 'creator', write: 'creator' },
};
const label = (n: number) => `Reading ${String(n).padStart(7, '0')}`;

type Engine = 'postgres' | 'pglite';

/** Writes `count` records of `entity` in one statement: titles `Reading 0000001`…, newest last. */
const seedSql = (count: number) => `
  insert into entity_records (app_id, entity, id, data, created_at, updated_at)
  select $1, 'Reading', gen_random_uuid()::text,
         jsonb_build_object('title', 'Reading ' || lpad(g::text, 7, '0'), 'value', g),
         now() - make_interval(secs => ${count} - g), now()
  from generate_series(1, ${count}) g`;

interface Server {
  base: string;
  started: Started;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = await spawnUntilHealthy(
    process.execPath,
    [serverMain],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      MODEL_CATALOGUE_URL: 'off',
      ADMIN_EMAILS: BUILDER,
      RATE_LIMIT_SIGNED_IN_PER_MINUTE: '0',
      ...env,
    },
    `${base}/api/health`,
    // PGlite opens a data directory of a million records (and checks it) before it answers.
    300_000,
  );
  return { base, started };
}

/** Signs the builder up (verified) and makes two apps with a Reading entity. */
async function setUp(base: string) {
  const cookie = { cookie: await signUpBuilder(base, { email: BUILDER, password: PASSWORD }) };
  const apps: string[] = [];
  for (const name of ['Small', 'Big']) {
    const app = (await apiCall(base, 'POST', '/api/apps', { name, type: 'GEN_APP' }, cookie)).json as {
      id: string;
    };
    await apiCall(
      base,
      'POST',
      `/api/apps/${app.id}/merge`,
      { files: [{ path: 'entities/Reading.json', content: JSON.stringify(SCHEMA) }] },
      cookie,
    );
    apps.push(app.id);
  }
  return { small: apps[0]!, big: apps[1]! };
}

async function signedInPage(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const res = await page.request.post(`${base}/api/auth/login`, {
    data: { email: BUILDER, password: PASSWORD },
    headers: { origin: base },
  });
  if (res.status() !== 200) throw new Error(`login: ${res.status()} ${await res.text()}`);
  return page;
}

const firstTitle = (page: Page) =>
  page.locator('tbody tr').first().getByRole('cell', { name: 'title', exact: true });

/** The title column's header menu button. */
const titleMenu = (page: Page) =>
  page.getByRole('columnheader', { name: 'title' }).getByRole('button', { name: 'title', exact: true });

/**
 * The title's sort index, as a builder gets it: the column menu's "Index this field for fast
 * sorting" and its dialog (click → "ready" on screen), or, where a slow sort has already started
 * one (PostgreSQL), the wait until it is ready. Answers how it came and how long it took.
 */
async function indexTitle(browser: Browser, base: string, appId: string, startedAt: number) {
  const page = await signedInPage(browser, base);
  try {
    await page.goto(`${base}/build/app/${appId}/database`);
    await page.getByRole('navigation', { name: 'Entities' }).getByRole('button', { name: 'Reading' }).click();
    await titleMenu(page).click();
    const offer = page.getByRole('menuitem', { name: 'Index this field for fast sorting' });
    await page.getByRole('menuitem', { name: 'Sort ascending' }).waitFor();
    if ((await offer.count()) > 0) {
      await offer.click();
      const dialog = page.getByRole('dialog', { name: 'Index title for fast sorting' });
      const warning =
        (await dialog.getByRole('alert').count()) > 0 ? await dialog.getByRole('alert').innerText() : '';
      const started = performance.now();
      await dialog.getByRole('button', { name: 'Build the index' }).click();
      await page.getByText('The sort index on title is ready').waitFor({ timeout: 600_000 });
      return {
        how: `the column menu's Index this field${warning ? ` (${warning})` : ''}`,
        ms: performance.now() - started,
      };
    }
    await page.keyboard.press('Escape');
    // Started by the first slow sort: ready when the panel's list says so.
    await page.getByRole('button', { name: /^Sort indexes/ }).click();
    await page
      .getByRole('list', { name: 'Sort indexes of Reading' })
      .getByRole('listitem')
      .filter({ hasText: 'titleReady' })
      .waitFor({ timeout: 600_000 });
    return { how: 'built by itself after the first slow sort', ms: performance.now() - startedAt };
  } finally {
    await page.context().close();
  }
}

/** Entity click → count and first row on screen; title header menu sort → the first title in order. */
async function measureGrid(browser: Browser, base: string, appId: string, rows: number, runs = RUNS) {
  const open: number[] = [];
  const sort: number[] = [];
  const sortBack: number[] = [];
  // The first run warms Chromium and the server's caches for this page; it is not counted.
  for (let run = -1; run < runs; run++) {
    const page = await signedInPage(browser, base);
    await page.goto(`${base}/build/app/${appId}/database`);
    const entity = page
      .getByRole('navigation', { name: 'Entities' })
      .getByRole('button', { name: 'Reading' });
    await entity.waitFor({ timeout: 60_000 });
    let started = performance.now();
    await entity.click();
    await page.getByText(`${rows.toLocaleString('en-US')} records`).waitFor({ timeout: 120_000 });
    await firstTitle(page)
      .filter({ hasText: /Reading \d{7}/ })
      .waitFor({ timeout: 120_000 });
    open.push(performance.now() - started);

    // The header's menu (spec 3 §2): Sort ascending / Sort descending.
    const sortBy = async (item: 'Sort ascending' | 'Sort descending') => {
      await titleMenu(page).click();
      await page.getByRole('menuitem', { name: item }).click();
    };
    started = performance.now();
    await sortBy('Sort ascending');
    await firstTitle(page)
      .filter({ hasText: label(1) })
      .waitFor({ timeout: 120_000 });
    sort.push(performance.now() - started);
    started = performance.now();
    await sortBy('Sort descending');
    await firstTitle(page)
      .filter({ hasText: label(rows) })
      .waitFor({ timeout: 120_000 });
    sortBack.push(performance.now() - started);
    await page.context().close();
    if (run < 0) for (const list of [open, sort, sortBack]) list.length = 0;
  }
  return { open, sort, sortBack };
}

/** The plan of the panel's title sort on the big entity: what PostgreSQL really reads. */
async function sortPlan(
  query: (sql: string, params: unknown[]) => Promise<{ rows: unknown[] }>,
  appId: string,
  descending = false,
) {
  const order = descending
    ? `r.data -> 'title' desc nulls last, r.created_at desc, r.id desc`
    : `r.data -> 'title' asc nulls first, r.created_at asc, r.id asc`;
  const { rows } = await query(
    // The order `sortSql` (features/entities/filter.ts) writes for a data-field sort.
    `explain select r.id from entity_records r where r.app_id = $1 and r.entity = 'Reading'
     order by ${order} limit 50`,
    [appId],
  );
  return rows.map((row) => Object.values(row as Record<string, string>)[0]).join(' | ');
}

async function benchEngine(engine: Engine, browser: Browser) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-grid-'));
  let cluster: Awaited<ReturnType<typeof startPgCluster>> | undefined;
  let pool: pg.Pool | undefined;
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (engine === 'postgres') {
    cluster = await startPgCluster();
    env.DATABASE_URL = cluster.url;
    pool = new pg.Pool({ connectionString: cluster.url, max: 2 });
  }
  let server: Server | undefined;
  try {
    server = await startServer(env);
    const apps = await setUp(server.base);
    let seedMs = performance.now();
    let plan = '';
    if (pool) {
      await pool.query(seedSql(SMALL), [apps.small]);
      await pool.query(seedSql(BIG), [apps.big]);
      await pool.query('analyze entity_records');
      plan = await sortPlan((sql, params) => pool!.query(sql, params), apps.big);
    } else {
      // PGlite is the server's own, in its data directory: written while the server is stopped.
      await server.started.stop();
      const db = await PGlite.create(path.join(dataDir, 'pglite'));
      await db.query(seedSql(SMALL), [apps.small]);
      await db.query(seedSql(BIG), [apps.big]);
      await db.exec('analyze entity_records');
      plan = await sortPlan((sql, params) => db.query(sql, params), apps.big);
      await db.close();
      server = await startServer(env);
    }
    seedMs = performance.now() - seedMs;
    const small = await measureGrid(browser, server.base, apps.small, SMALL);
    // The big entity's first sorts, with no index (one measured run after the warm-up).
    const firstSortsAt = performance.now();
    const unindexed = await measureGrid(browser, server.base, apps.big, BIG, 1);
    const index = await indexTitle(browser, server.base, apps.big, firstSortsAt);
    const big = await measureGrid(browser, server.base, apps.big, BIG);
    // The plan says whether the order is now read from the index (both ways: one index).
    const planAfter = pool
      ? `${await sortPlan((sql, params) => pool!.query(sql, params), apps.big)} || descending: ${await sortPlan((sql, params) => pool!.query(sql, params), apps.big, true)}`
      : '';
    return { seedMs, plan, planAfter, small, unindexed, index, big };
  } finally {
    await server?.started.stop();
    await pool?.end();
    cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  const loadAtStart = os.loadavg()[0]!;
  const browser = await chromium.launch(chromiumLaunchOptions);
  const figures: Record<string, number> = {};
  const ratios: Record<string, number> = {};
  const notes: string[] = [];
  try {
    for (const engine of ['postgres', 'pglite'] as const) {
      const result = await benchEngine(engine, browser);
      console.log(`${engine}: ${JSON.stringify(result)}`);
      const m = (values: number[]) => round(median(values), 0);
      figures[`${engine} open ${SMALL} (ms)`] = m(result.small.open);
      figures[`${engine} open ${BIG} (ms)`] = m(result.big.open);
      figures[`${engine} sort ${SMALL} (ms)`] = m(result.small.sort);
      figures[`${engine} sort ${BIG} (ms)`] = m(result.big.sort);
      figures[`${engine} sort back ${BIG} (ms)`] = m(result.big.sortBack);
      figures[`${engine} first sort ${BIG}, no index yet (ms)`] = m(result.unindexed.sort);
      figures[`${engine} first sort back ${BIG}, no index yet (ms)`] = m(result.unindexed.sortBack);
      figures[`${engine} sort index ${BIG} ready after (ms)`] = round(result.index.ms, 0);
      notes.push(`${engine}: the title's sort index: ${result.index.how}`);
      ratios[`${engine} open ${BIG} / ${SMALL}`] = round(median(result.big.open) / median(result.small.open));
      ratios[`${engine} sort ${BIG} / ${SMALL}`] = round(median(result.big.sort) / median(result.small.sort));
      notes.push(`${engine}: ${BIG} records written in ${round(result.seedMs / 1000, 1)} s`);
      notes.push(`${engine} plan of the title sort: ${result.plan}`);
      if (result.planAfter)
        notes.push(`${engine} plan of the title sort after the runs: ${result.planAfter}`);
      notes.push(`${engine} every run (ms): ${JSON.stringify(result.big)}`);
    }
  } finally {
    await browser.close();
  }
  notes.push(
    `load average ${round(loadAtStart, 1)} at start, ${round(os.loadavg()[0]!, 1)} at the end (2 cores)`,
  );
  record({
    name: 'database-grid',
    description: `the database panel in Chromium on ${BIG.toLocaleString('en-US')} records vs ${SMALL.toLocaleString('en-US')}, PostgreSQL and PGlite`,
    figures,
    ratios,
    targets: { [`open and sort at ${BIG.toLocaleString('en-US')} records`]: '< 1,000 ms each' },
    notes,
  });
}
