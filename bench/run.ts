// `npm run bench [name…]`: runs the benchmarks (all, or those named) and records their results.
import { run as availability } from './benchmarks/availability.ts';
import { run as chatRendering } from './benchmarks/chat-rendering.ts';
import { run as compile } from './benchmarks/compile.ts';
import { run as databaseGrid } from './benchmarks/database-grid.ts';
import { run as entities } from './benchmarks/entities.ts';
import { run as entitiesApps } from './benchmarks/entities-apps.ts';
import { run as entitiesCpu } from './benchmarks/entities-cpu.ts';
import { run as functions } from './benchmarks/functions.ts';
import { run as llmFirstToken } from './benchmarks/llm-first-token.ts';
import { run as retrieval } from './benchmarks/retrieval.ts';
import { run as shadcnApp } from './benchmarks/shadcn-app.ts';
import { run as soak } from './benchmarks/soak.ts';
import { run as startupAndHealth } from './benchmarks/startup-and-health.ts';
import { applyBenchNice } from './lib/priority.ts';

const benchmarks: Record<string, () => Promise<void>> = {
  'llm-first-token': llmFirstToken,
  'startup-and-health': startupAndHealth,
  functions,
  compile,
  'shadcn-app': shadcnApp,
  entities,
  'entities-apps': entitiesApps,
  'entities-cpu': entitiesCpu,
  retrieval,
  soak,
  availability,
  'chat-rendering': chatRendering,
  'database-grid': databaseGrid,
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${Object.keys(benchmarks).join(', ')}`);
  process.exit(2);
}
if (await applyBenchNice()) {
  for (const [name, run] of Object.entries(benchmarks)) {
    if (wanted.length === 0 || wanted.includes(name)) await run();
  }
}
