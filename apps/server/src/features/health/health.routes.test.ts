import { describe, expect, it } from 'vitest';
import { healthRoutes } from './health.routes.ts';

describe('GET /ready', () => {
  it('answers 503 with database unreachable when the database refuses the query', async () => {
    const routes = healthRoutes({
      kind: 'postgres',
      query: () => Promise.reject(new Error('connection refused')),
    });
    const res = await routes.request('/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: 'unavailable',
      database: 'unreachable',
      queue: 'unreachable',
    });
  });
});
