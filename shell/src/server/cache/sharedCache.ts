/** A purge the cache took (sent), served with an error (refused), or could not be reached for (failed). */
export type PurgeOutcome = 'sent' | 'refused' | 'failed';

/** Every page the render server sends carries this key (render/pages.ts): purging it drops them all from a shared cache. */
const PAGES_KEY = 'pages';

/**
 * Tells the shared cache in front (docs/operate-production.md, "Purges") to drop every page: at once, and again once a
 * render begun before the change has had its budget to finish, since the cache may have stored that render meanwhile.
 * Returns the function to call on each change.
 */
export function sharedCachePurger(url: string, settleMs: number, log: (message: string) => void, counted: (outcome: PurgeOutcome) => void): () => void {
  let again: NodeJS.Timeout | null = null;
  const send = async () => {
    try {
      const response = await fetch(url, { method: 'PURGE', headers: { 'Surrogate-Key': PAGES_KEY }, signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      counted(response.ok ? 'sent' : 'refused');
      if (!response.ok) log(`the shared cache at ${url} refused a purge (${response.status}): its pages run out on their own`);
    } catch (error) {
      counted('failed');
      log(`the shared cache at ${url} could not be told to purge (${error instanceof Error ? error.message : String(error)}): its pages run out on their own`);
    }
  };
  return () => {
    void send();
    if (again) clearTimeout(again);
    again = setTimeout(() => {
      again = null;
      void send();
    }, settleMs);
    again.unref();
  };
}
