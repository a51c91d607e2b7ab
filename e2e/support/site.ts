/** Where the browser suite runs the site: its own ports, so it can sit beside `npm start`. */
export const PORTS = {
  shell: Number(process.env.E2E_SHELL_PORT ?? 3100),
  catalog: Number(process.env.E2E_CATALOG_PORT ?? 3101),
  dashboard: Number(process.env.E2E_DASHBOARD_PORT ?? 3102),
  checkout: Number(process.env.E2E_CHECKOUT_PORT ?? 3103),
  api: Number(process.env.E2E_API_PORT ?? 5100),
  auth: Number(process.env.E2E_AUTH_PORT ?? 9190),
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

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'usedcars-demo';
export const DEMO = {
  admin: 'admin@usedcars.test',
  seller: 'seller@usedcars.test',
  buyer: 'buyer@usedcars.test',
};
