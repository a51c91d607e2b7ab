import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { metricsServingFromEnv, serveClusterMetrics } from './observability/metricsServing';

/** How many render workers to run: RENDER_WORKERS, or one per core (docs/operations.md, "The render server"). */
export function workerCount(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.RENDER_WORKERS);
  return Number.isInteger(asked) && asked > 0 ? asked : os.availableParallelism();
}

/**
 * The primary process: forks the workers, which share the port, starts another when one dies, and
 * on SIGINT or SIGTERM stops them all.
 */
export function runPrimary(count: number): void {
  // The workers accept from the shared socket themselves: a connection is never handed to a
  // worker that has just died, as round-robin in the primary can (docs/operations.md).
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  const log = (msg: string) => console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg }));
  const fork = (): Worker => cluster.fork();
  const scrapes = serveClusterMetrics(metricsServingFromEnv(), log);
  for (let i = 0; i < count; i += 1) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log(`render worker ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another`);
    fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    scrapes?.close();
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker.process.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  log(`render server primary ${process.pid}: ${count} workers`);
}
