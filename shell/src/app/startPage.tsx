import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { pageSession, startIdentity, startRenderedFor } from '@usedcars/shared-auth';
import { connect, keepServerMarkupOf } from '@usedcars/federation';
import { SERVER_RENDERED_ATTRIBUTE, readBootData } from '@usedcars/federation/boot';
import { startRemoteRegistry } from '@usedcars/federation/browser';
import { loadRuntimeConfig, readRuntimeConfig } from '@usedcars/federation/config';
import { App } from './App';
import { createPageServices } from './services';
import { pageTelemetry } from './telemetry';

/** Hydrates the server-rendered page (or renders it, when the server left that to the browser). */
export async function startPage(): Promise<void> {
  const boot = readBootData();
  const telemetry = pageTelemetry();
  const pageRemotes = startRemoteRegistry('/remotes.json', boot ?? undefined, telemetry.onRegistered);
  const [config, remotes] = await Promise.allSettled([boot ? Promise.resolve(readRuntimeConfig(boot.config)) : loadRuntimeConfig(), pageRemotes.ready]);
  // The page still starts: each remote's area shows its fallback, whose Try again reads the file again.
  if (remotes.status === 'rejected') console.error('[shell] remotes.json could not be read', remotes.reason);
  // loadRuntimeConfig never rejects: a missing config.json gives the local settings.
  if (config.status === 'fulfilled') {
    connect({ config: config.value, session: pageSession, registry: pageRemotes.registry });
    telemetry.startWhenIdle(config.value);
  }
  // The API responses the server rendered with go to the page's one QueryClient, once.
  const services = createPageServices({ rendered: boot?.queries });
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // As a transition, React hydrates in slices of a few milliseconds, yielding to the browser
  // between them, instead of one long task that would hold up a tap or a scroll.
  startTransition(() => {
    if (boot && container.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) {
      keepServerMarkupOf(boot.staticMarkup ?? []);
      // Rendered for the session cookie's account: hydrated as it, until the identity SDK takes over.
      if (boot.viewer) startRenderedFor(boot.viewer);
      hydrateRoot(container, <App services={services} telemetry={telemetry} />);
    } else {
      createRoot(container).render(<App services={services} telemetry={telemetry} />);
    }
  });
  // The identity SDK is the heaviest piece; on a page rendered for its viewer it has nothing to do until
  // their token needs renewing or they sign out, so it waits until the page has been idle a while.
  void startIdentity(undefined, boot?.viewer ? { after: idleAfter(IDENTITY_AFTER_MS) } : {});
}

/** docs/performance.md, "The identity SDK on intent". */
const IDENTITY_AFTER_MS = 5_000;

function idleAfter(ms: number): Promise<void> {
  return new Promise((resolve) =>
    setTimeout(() => ('requestIdleCallback' in window ? window.requestIdleCallback(() => resolve(), { timeout: ms }) : resolve()), ms),
  );
}
