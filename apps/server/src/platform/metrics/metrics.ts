import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database.ts';

/** What a stored AI usage row contributes to the counters (a subset of `LlmUsageRow`). */
export interface LlmUsageSample {
  model: string;
  provider: string;
  purpose: string;
  promptTokens: number;
  completionTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  promptCostMicros: number;
  completionCostMicros: number;
  cacheReadCostMicros: number;
  cacheWriteCostMicros: number;
}

export interface Metrics {
  readonly registry: Registry;
  /** One answered HTTP request, labelled by the matched route pattern (never the raw URL). */
  observeRequest(sample: { method: string; route: string; status: number; seconds: number }): void;
  /** Adds one stored AI usage row to the token and cost counters. */
  observeLlmUsage(row: LlmUsageSample): void;
  /** The text exposition format for `GET /metrics`. */
  render(): Promise<string>;
}

/** Job states still to be worked on (pg-boss 10's `job_state` enum orders created < retry < active). */
const QUEUE_DEPTH_SQL = `select name, state::text as state, count(*)::int as count
  from pgboss.job where state < 'completed' group by name, state`;

/**
 * Prometheus metrics of one process (one registry per app, so tests can build several). Counters are
 * per instance (Prometheus sums them); the job-queue depth is read from the database at scrape time,
 * so every instance reports the same install-wide value.
 */
export function createMetrics(options: { database?: Pick<Database, 'query'> } = {}): Metrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'atelier_http_requests_total',
    help: 'HTTP requests answered, by method, matched route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'atelier_http_request_duration_seconds',
    help: 'Time to produce the answer (streams: until the headers), by method and matched route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const tokens = new Counter({
    name: 'atelier_llm_tokens_total',
    help: 'AI model tokens, by provider, model, purpose and kind (prompt, completion, cache_read, cache_write)',
    labelNames: ['provider', 'model', 'purpose', 'kind'] as const,
    registers: [registry],
  });
  const cost = new Counter({
    name: 'atelier_llm_cost_dollars_total',
    help: 'Cost of AI model calls in US dollars at the catalogue rates, by provider, model and purpose',
    labelNames: ['provider', 'model', 'purpose'] as const,
    registers: [registry],
  });
  const calls = new Counter({
    name: 'atelier_llm_calls_total',
    help: 'AI model invocations, by provider, model and purpose',
    labelNames: ['provider', 'model', 'purpose'] as const,
    registers: [registry],
  });
  const database = options.database;
  new Gauge({
    name: 'atelier_job_queue_depth',
    help: 'Jobs not yet finished in the pg-boss queue, by queue and state (created, retry, active)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      if (!database) return;
      try {
        const { rows } = await database.query<{ name: string; state: string; count: number }>(
          QUEUE_DEPTH_SQL,
        );
        for (const row of rows) this.set({ queue: row.name, state: row.state }, Number(row.count));
      } catch {
        // The queue's schema is not there yet (pg-boss not started): report no depth rather than fail.
      }
    },
  });

  return {
    registry,
    observeRequest({ method, route, status, seconds }) {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
    },
    observeLlmUsage(row) {
      const base = { provider: row.provider, model: row.model, purpose: row.purpose };
      const kinds = [
        ['prompt', row.promptTokens],
        ['completion', row.completionTokens],
        ['cache_read', row.cacheReadTokens],
        ['cache_write', row.cacheWriteTokens],
      ] as const;
      for (const [kind, value] of kinds) if (value > 0) tokens.inc({ ...base, kind }, value);
      const micros =
        row.promptCostMicros + row.completionCostMicros + row.cacheReadCostMicros + row.cacheWriteCostMicros;
      cost.inc(base, micros / 1_000_000);
      calls.inc(base);
    },
    render: () => registry.metrics(),
  };
}
