// The render server's entry. The async boundary lets the federation runtime settle the shared
// singletons (React and the rest, which the remotes' server builds borrow) before any is used.
import('./start')
  .then(({ start }) => start())
  .catch((error: unknown) => {
    console.error('[render] could not start', error);
    process.exit(1);
  });
