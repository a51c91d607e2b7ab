import path from 'node:path';
import { buildRenderServer } from './app';

/**
 * `node shell/dist-server/main.js`: the shell's render server (docs/operations.md, "The render
 * server"). Settings come from the environment:
 *   PORT (3000), HOST (127.0.0.1), SHELL_DIST (the shell's browser build, ../dist),
 *   SHELL_RUNTIME_DIR (this deployment's remotes.json and config.json; the build's copies otherwise),
 *   SSR_BUDGET_MS (300: past it, the page is left for the browser to draw), LOG_LEVEL (info).
 */
export async function start(): Promise<void> {
  const env = process.env;
  const app = await buildRenderServer({
    distDir: path.resolve(env.SHELL_DIST ?? path.join(__dirname, '..', 'dist')),
    runtimeDir: env.SHELL_RUNTIME_DIR ? path.resolve(env.SHELL_RUNTIME_DIR) : undefined,
    budgetMs: Number(env.SSR_BUDGET_MS ?? 300),
    logLevel: env.LOG_LEVEL ?? 'info',
  });
  const address = await app.listen({ port: Number(env.PORT ?? 3000), host: env.HOST ?? '127.0.0.1' });
  app.log.info(`render server on ${address}`);
  const stop = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
