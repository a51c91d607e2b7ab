import chromiumArgs from '../../tooling/chromium-args.json';
/**
 * Where the browser suite runs the site: its own ports, so it can sit beside `npm start`.
 * E2E_PORT_OFFSET moves them all, so two suites can run side by side.
 */
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const PORTS = {
  shell: 3100 + OFFSET,
  catalog: 3101 + OFFSET,
  dashboard: 3102 + OFFSET,
  checkout: 3103 + OFFSET,
  api: 5100 + OFFSET,
  auth: 9190 + OFFSET * 4,
};

/** The folder holding this run's deploy-time remotes.json and config.json (set by global setup). */
export const siteDir = () => {
  const dir = process.env.E2E_SITE_DIR;
  if (!dir) throw new Error('E2E_SITE_DIR is set by the global setup');
  return dir;
};

const local = (port: number) => `http://localhost:${port}`;

export const SITE = {
  shell: local(PORTS.shell),
  catalog: local(PORTS.catalog),
  dashboard: local(PORTS.dashboard),
  checkout: local(PORTS.checkout),
  api: local(PORTS.api),
  auth: `http://127.0.0.1:${PORTS.auth}`,
};

/** Debian's Chromium here: no sandbox or GPU, nothing fetched in the background (one list for every tool). */
export const CHROMIUM_ARGS: string[] = chromiumArgs;

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'usedcars-demo';
export const DEMO = {
  admin: 'admin@usedcars.test',
  seller: 'seller@usedcars.test',
  buyer: 'buyer@usedcars.test',
};
