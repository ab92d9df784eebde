import pg from 'pg';
import { type PgCluster, startPgCluster } from '../../apps/server/test/support/pg-cluster.ts';

/**
 * A throwaway PostgreSQL cluster (test/support/pg-cluster.ts) with an empty `bench` database: the
 * cluster, to stop when done, and that database's URL.
 */
export async function startBenchPostgres(): Promise<{ cluster: PgCluster; databaseUrl: string }> {
  const cluster = await startPgCluster();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database bench');
  await admin.end();
  return { cluster, databaseUrl: cluster.url.replace(/\/postgres$/, '/bench') };
}
