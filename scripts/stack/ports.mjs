/**
 * The stack's ports (docs/operate-production.md): three public addresses from STACK_PORT (the pages, the
 * API, the files), every part behind them from STACK_PARTS_PORT.
 */
export function stackPorts(env = process.env) {
  const publicBase = Number(env.STACK_PORT ?? 8080);
  const base = Number(env.STACK_PARTS_PORT ?? 8100);
  return {
    pagesFrontend: publicBase,
    apiFrontend: publicBase + 1,
    filesFrontend: publicBase + 2,
    api1: base + 1,
    api2: base + 2,
    render1: base + 11,
    render2: base + 12,
    cachePages: base + 20,
    cacheFiles: base + 21,
    cachePurge: base + 22,
    s3: base + 30,
    remoteFiles: base + 31,
    postgres: base + 40,
    // The emulator's hub, logging and own ports follow (scripts/site/auth.mjs).
    auth: base + 50,
    mail: base + 55,
    // Monitoring (docs/operate-production.md, "Monitoring").
    prometheus: base + 60,
    alertmanager: base + 61,
    balancerMetrics: base + 62,
    cacheExporter: base + 63,
    databaseExporter: base + 64,
  };
}

/** Every port the stack takes, with what it is for: checked free before anything starts. */
export function portList(ports) {
  return [
    ...Object.entries(ports).map(([part, port]) => ({ port, part })),
    { port: ports.auth + 1, part: 'auth hub' },
    { port: ports.auth + 2, part: 'auth logging' },
    { port: ports.auth + 3, part: 'auth emulator' },
  ];
}

/** Where the browser and the render servers reach each public address: the page on one host name, the rest on another, as with a CDN. */
export function publicAddresses(ports) {
  return {
    pages: `http://localhost:${ports.pagesFrontend}`,
    api: `http://127.0.0.1:${ports.apiFrontend}`,
    files: `http://127.0.0.1:${ports.filesFrontend}`,
  };
}
