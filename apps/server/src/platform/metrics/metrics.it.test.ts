import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

/** The value of one sample line of the text format, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.deps.queue.start();
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = async () => {
    const res = await t.app.request('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  it('counts requests by the matched route pattern, not by the raw URL', async () => {
    await t.app.request('/api/health');
    await t.app.request('/api/health');
    await t.app.request('/api/no-such-route/123');
    await t.app.request('/api/no-such-route/456');
    const text = await scrape();
    expect(sample(text, 'atelier_http_requests_total{method="GET",route="/api/health",status="200"}')).toBe(
      2,
    );
    expect(text).not.toContain('/api/no-such-route/123');
    expect(sample(text, 'atelier_http_requests_total{method="GET",route="/api/*",status="404"}')).toBe(2);
    expect(
      sample(text, 'atelier_http_request_duration_seconds_count{method="GET",route="/api/health"}'),
    ).toBe(2);
  });

  it('reports the depth of each job queue', async () => {
    await t.deps.queue.defineQueue('metrics-test-queue');
    await t.deps.queue.send('metrics-test-queue', { n: 1 });
    await t.deps.queue.send('metrics-test-queue', { n: 2 });
    const text = await scrape();
    expect(sample(text, 'atelier_job_queue_depth{queue="metrics-test-queue",state="created"}')).toBe(2);
  });

  it('adds every AI call to the token, cost and call counters', async () => {
    const result = await t.deps.llm.generateText({ purpose: 'other', prompt: 'Hello' });
    const usage = result.usage;
    expect(usage).toBeDefined();
    const text = await scrape();
    const labels = `provider="${result.info.provider}",model="${result.info.id}",purpose="other"`;
    expect(sample(text, `atelier_llm_calls_total{${labels}}`)).toBe(1);
    expect(sample(text, `atelier_llm_tokens_total{${labels},kind="completion"}`)).toBe(
      usage!.completionTokens > 0 ? usage!.completionTokens : undefined,
    );
    expect(sample(text, `atelier_llm_cost_dollars_total{${labels}}`)).toBe(usage!.totalCost);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const token = 'a-metrics-token-of-some-length';
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: token } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 without the bearer token and with a wrong one', async () => {
    expect((await t.app.request('/metrics')).status).toBe(401);
    const wrong = await t.app.request('/metrics', { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('atelier_');
  });

  it('answers the metrics with the bearer token', async () => {
    const res = await t.app.request('/metrics', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE atelier_http_requests_total counter');
  });
});

describe('GET /api/ready', () => {
  it('answers 200 when the database and the job queue answer', async () => {
    const t = await createTestApp();
    try {
      await t.deps.queue.start();
      const res = await t.app.request('/api/ready');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ready', database: 'ok', queue: 'ok' });
    } finally {
      await t.close();
    }
  });

  it('answers 503 naming the queue when the job queue is not installed', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.request('/api/ready');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', database: 'ok', queue: 'unreachable' });
    } finally {
      await t.close();
    }
  });
});
