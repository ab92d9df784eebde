import type { TestProject } from 'vitest/node';
import { type PgCluster, startPgCluster } from './pg-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

let cluster: PgCluster | undefined;

/** Starts one throwaway cluster for the PostgreSQL run (or uses TEST_DATABASE_URL when set). */
export async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('pgAdminUrl', given);
    return;
  }
  cluster = await startPgCluster();
  project.provide('pgAdminUrl', cluster.url);
}

export function teardown() {
  cluster?.stop();
}
