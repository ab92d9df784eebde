import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { trackLeaks } from '../test/support/leaks.ts';
import { testConfig } from '../test/support/test-config.ts';
import { createTestDatabase, silentLogger } from '../test/support/test-db.ts';
import { appsRuntime } from './features/apps/apps.runtime.ts';
import { chatRuntime } from './features/chat/chat.runtime.ts';
import { dataSourcesRuntime } from './features/data-sources/data-sources.runtime.ts';
import { entitiesModuleOf } from './features/entities/entities.module.ts';
import { functionsRuntime } from './features/functions/functions.runtime.ts';
import { createAreaRegistry } from './platform/areas.ts';
import { createServices, type Services } from './services.ts';

let dataDir: string;
let leaks: ReturnType<typeof trackLeaks>;
let services: Services;
/** What happened at shutdown, in order. */
const order: string[] = [];

// One set of services for the file (a migrated database costs seconds): the last test closes it.
beforeAll(async () => {
  leaks = trackLeaks();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-services-'));
  const config = testConfig(dataDir);
  const database = await createTestDatabase();
  const closeDatabase = database.close.bind(database);
  database.close = async () => {
    order.push('database closed');
    await closeDatabase();
  };
  services = await createServices(config, { logger: silentLogger, database });
  services.deps.queue.boss.on('stopped', () => order.push('queue stopped'));
});
afterAll(async () => {
  leaks.stop();
  await services.close(1000);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('createServices', () => {
  it('builds each area once, and the areas share what they use', () => {
    const { deps } = services;
    // The chat's retrieval, the data-source routes and the workers read one runtime; chat and
    // functions use the apps area's compiler and repositories rather than their own.
    expect(chatRuntime(deps).apps).toBe(appsRuntime(deps));
    expect(functionsRuntime(deps).apps).toBe(appsRuntime(deps).apps);
    expect(entitiesModuleOf(deps).versions).toBe(appsRuntime(deps).versions);
    expect(dataSourcesRuntime(deps).queue).toBe(deps.queue);
    // An area is only ever built by the composition root.
    expect(() => appsRuntime.provide(deps, appsRuntime(deps))).toThrow('The apps area was built twice');
    expect(() => appsRuntime({ areas: createAreaRegistry() })).toThrow(
      'The apps area was used before createServices built it',
    );
  });

  it('answers a function’s SDK calls through the application it built', async () => {
    const res = await functionsRuntime(services.deps).dispatch(
      new Request('http://localhost/api/health'),
      {} as never,
    );
    expect(res.status).toBe(200);
  });

  it('close() stops everything start() started, the job queue and replies before the database', async () => {
    await services.start({ dataSources: { pollingIntervalSeconds: 0.5 } });
    // The runners are live: the reaper, the sweeps and maintenance, the queue's supervisor.
    expect(leaks.intervals).toBeGreaterThanOrEqual(4);

    // A chat reply under way (replies run detached from their request) that does not finish within
    // the budget is stopped, as by Stop, and stored before the database closes.
    const chat = chatRuntime(services.deps);
    let finishReply = () => {};
    const reply: Promise<unknown> = new Promise<void>((resolve) => {
      finishReply = resolve;
    })
      .then(() => order.push('reply stored'))
      .finally(() => chat.pending.delete(reply));
    chat.pending.add(reply);
    const abortAll = vi.spyOn(chat.runs, 'abortAll').mockImplementation(() => {
      order.push('replies stopped');
      finishReply();
    });

    await services.close(100);
    abortAll.mockRestore();
    expect(order.slice(-3)).toEqual(['replies stopped', 'reply stored', 'database closed']);
    expect(order).toContain('queue stopped');
    expect(order.indexOf('queue stopped')).toBeLessThan(order.indexOf('database closed'));
    // Handles go once their close callbacks have run: wait for that, not for a fixed time.
    await vi.waitFor(() => expect(leaks.leftOver()).toEqual({ intervals: [], handles: {} }), {
      timeout: 5_000,
    });
    // Closing twice is one close.
    const closedOnce = [...order];
    await services.close(1000);
    expect(order).toEqual(closedOnce);
  });
});
