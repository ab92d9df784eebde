import fs from 'node:fs';
import pg from 'pg';
import { type PgCluster, startPgCluster } from '../../apps/server/test/support/pg-cluster.ts';
import { prioritiseSessionsOf } from './priority.ts';

/**
 * A throwaway PostgreSQL cluster (test/support/pg-cluster.ts) with an empty `bench` database: the
 * cluster, to stop when done, and that database's URL. With `BENCH_NICE` its session group gets the
 * bench's priority.
 */
export async function startBenchPostgres(): Promise<{ cluster: PgCluster; databaseUrl: string }> {
  const cluster = await startPgCluster();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database bench');
  // The postmaster: the parent of this connection's backend (/proc/<pid>/stat, field 4).
  const backend = Number((await admin.query('select pg_backend_pid() as pid')).rows[0].pid);
  const postmaster = Number(fs.readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  await admin.end();
  const unprioritise = prioritiseSessionsOf(postmaster);
  return {
    cluster: {
      ...cluster,
      stop: () => {
        unprioritise();
        cluster.stop();
      },
    },
    databaseUrl: cluster.url.replace(/\/postgres$/, '/bench'),
  };
}
