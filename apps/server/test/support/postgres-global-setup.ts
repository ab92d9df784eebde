import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createPostgresTemplate, dropPostgresDatabase } from './db-templates.ts';
import { type PgCluster, startPgCluster } from './pg-cluster.ts';

let cluster: PgCluster | undefined;
let adminUrl: string | undefined;
let template: string | undefined;

/**
 * Starts one throwaway cluster for the PostgreSQL run (or uses TEST_DATABASE_URL when set) and
 * migrates the template database that each test file's database is created from.
 */
export async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) adminUrl = given;
  else {
    cluster = await startPgCluster();
    adminUrl = cluster.url;
  }
  template = `t_template_${randomBytes(4).toString('hex')}`;
  await createPostgresTemplate(adminUrl, template);
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplateDatabase', template);
}

export async function teardown() {
  if (cluster) {
    cluster.stop();
    return;
  }
  if (adminUrl && template) await dropPostgresDatabase(adminUrl, template);
}
