import topology from '@usedcars/shared-contract/topology.json';
import chromiumArgs from '../../tooling/chromium-args.json';
/**
 * Where the browser suite runs the site: its own ports, so it can sit beside `npm start`.
 * E2E_PORT_OFFSET moves them all, so two suites can run side by side.
 */
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
type RemoteName = keyof typeof topology.remotes;
/** Each part's usual port (shared-contract/topology.json) moved up by 100, and by the offset. */
const moved = (port: number) => port + 100 + OFFSET;
const remotePorts = Object.fromEntries(Object.entries(topology.remotes).map(([name, part]) => [name, moved(part.port)])) as Record<RemoteName, number>;
export const PORTS = {
  shell: moved(topology.shell.port),
  ...remotePorts,
  api: moved(topology.api.port),
  auth: 9190 + OFFSET * 4,
  mail: moved(topology.mailCatcher.port),
};

/** The folder holding this run's deploy-time remotes.json and config.json (set by global setup). */
export const siteDir = () => {
  const dir = process.env.E2E_SITE_DIR;
  if (!dir) throw new Error('E2E_SITE_DIR is set by the global setup');
  return dir;
};

const local = (port: number) => `http://localhost:${port}`;

/** A team's dev server beside the site (docs/releases.md, "Your dev server inside the site"): a port of its own per offset. */
export const DEV_SERVER_PORT = 6441 + OFFSET;

/**
 * The stack's ports (e2e/playwright.stack.config.ts): its public addresses from STACK_PORT, its parts from STACK_PARTS_PORT
 * (scripts/stack/ports.mjs), moved by the offset too.
 */
/** `traces`: the OTLP receiver of stack/traces.spec.ts, `webhook`: the release webhook's of stack/alert-webhook.spec.ts, past the parts' ports. */
export const STACK_PORTS = { site: 8280 + OFFSET, parts: 8300 + OFFSET, traces: 8370 + OFFSET, webhook: 8371 + OFFSET };

/** The stack suite's RELEASE_WEBHOOK_URL's secret (docs/releases.md, "Being told"). */
export const STACK_WEBHOOK_SECRET = 'e2e-release-webhook-secret-0123456789';

/** Under the stack's config, the page, the API and the emulator are its public addresses and its emulator. */
const STACK = process.env.E2E_STACK === '1';

export const SITE = {
  ...(Object.fromEntries(Object.entries(PORTS).map(([part, port]) => [part, local(port)])) as Record<keyof typeof PORTS, string>),
  auth: `http://127.0.0.1:${PORTS.auth}`,
  ...(STACK
    ? {
        shell: local(STACK_PORTS.site),
        api: `http://127.0.0.1:${STACK_PORTS.site + 1}`,
        auth: `http://127.0.0.1:${STACK_PORTS.parts + 50}`,
      }
    : {}),
};

/** Debian's Chromium here: no sandbox or GPU, nothing fetched in the background (one list for every tool). */
export const CHROMIUM_ARGS: string[] = chromiumArgs;

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'usedcars-demo';
export const DEMO = {
  admin: 'admin@usedcars.test',
  seller: 'seller@usedcars.test',
  buyer: 'buyer@usedcars.test',
};

/** The suite's /metrics and render-count tokens (docs/operations.md, "Metrics" and "Telemetry"): given to the API and the render server. */
export const OPS_TOKENS = { metrics: 'e2e-metrics-token-0123456789', telemetry: 'e2e-telemetry-token-0123456789' };
