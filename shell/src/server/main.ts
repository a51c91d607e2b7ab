// The render server's entry: with several workers this process only supervises them. The async
// boundary lets the federation runtime settle the shared singletons before any is used.
import cluster from 'node:cluster';
import { runPrimary, workerCount } from './workers';

const workers = workerCount();
if (cluster.isPrimary && workers > 1) runPrimary(workers);
else
  import('./start')
    .then(({ start }) => start())
    .catch((error: unknown) => {
      console.error('[render] could not start', error);
      process.exit(1);
    });
