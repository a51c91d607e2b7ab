import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadRuntimeConfig, setRuntimeConfig, startIdentity } from '@usedcars/shared-auth';
import { keepServerMarkupOf } from '@usedcars/shared-page';
import { startRemoteRegistry } from '../federation/remotes';
import { App } from './App';
import { SERVER_DRAWN_ATTRIBUTE, readBootData } from './boot';

/** Takes over the server-drawn page (or draws it, when the server left that to the browser). */
export async function startPage(): Promise<void> {
  const boot = readBootData();
  if (boot) setRuntimeConfig(boot.config);
  const [, remotes] = await Promise.allSettled([boot ? Promise.resolve() : loadRuntimeConfig(), startRemoteRegistry('/remotes.json', boot ?? undefined)]);
  // The page still starts: each remote's area shows its fallback, whose Try again reads the file again.
  if (remotes.status === 'rejected') console.error('[shell] remotes.json could not be read', remotes.reason);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // As a transition, React takes over the page in slices of a few milliseconds, yielding to the
  // browser between them, instead of one long task that would hold up a tap or a scroll.
  startTransition(() => {
    if (boot && container.hasAttribute(SERVER_DRAWN_ATTRIBUTE)) {
      keepServerMarkupOf(boot.staticMarkup ?? []);
      hydrateRoot(container, <App />);
    } else {
      createRoot(container).render(<App />);
    }
  });
  // The identity SDK is the heaviest piece; it loads after the first paint.
  void startIdentity();
}
