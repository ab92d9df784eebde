import type { AppDeps } from '../../platform/app-deps.ts';
import { defineArea } from '../../platform/areas.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import type { Llm } from '../../platform/llm/index.ts';
import type { AppsRepo } from '../apps/apps.repo.ts';
import { appsRuntime } from '../apps/apps.runtime.ts';
import { type ChunkIndex, createChunkIndex } from '../data-sources/retrieval/chunk-index.ts';
import { createToolsRepo, type ToolsRepo } from './tools.repo.ts';

/** What the tools area needs, built once by createServices. */
export interface ToolsRuntime {
  db: Db;
  database: Database;
  apps: AppsRepo;
  tools: ToolsRepo;
  llm: Llm;
  /** BM25 passages of an app's data sources. */
  index: ChunkIndex;
  trustProxy: boolean;
}

/** The tools area (the API routes and the apps' PATCH share it). */
export const toolsRuntime = defineArea<ToolsRuntime>('tools');

export function createToolsRuntime(deps: AppDeps): ToolsRuntime {
  return {
    db: deps.database.db,
    database: deps.database,
    apps: appsRuntime(deps).apps,
    tools: createToolsRepo(deps.database.db),
    llm: deps.llm,
    index: createChunkIndex(deps.database),
    trustProxy: deps.config.auth.trustProxy,
  };
}
