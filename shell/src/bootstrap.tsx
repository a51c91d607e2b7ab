import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig, startIdentity } from '@usedcars/shared-auth';
import { startRemoteRegistry } from './federation/remotes';
import { App } from './app/App';

async function main() {
  const [, remotes] = await Promise.allSettled([loadRuntimeConfig(), startRemoteRegistry()]);
  // The page still starts: each remote's area shows its fallback, whose Try again reads the file again.
  if (remotes.status === 'rejected') console.error('[shell] remotes.json could not be read', remotes.reason);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(<App />);
  // The identity SDK is the heaviest piece; it loads after the first paint.
  void startIdentity();
}

void main();
