// docs/how-to.md, "Add a remote".
import { createRequire } from 'node:module';

/** @type {import('@usedcars/shared-contract/topology').Topology} */
const TOPOLOGY = createRequire(import.meta.url)('@usedcars/shared-contract/topology.json');

export const FRONT_ENDS = [
  { name: 'shell', dir: TOPOLOGY.shell.folder, portVar: TOPOLOGY.shell.portEnv, port: TOPOLOGY.shell.port },
  ...Object.entries(TOPOLOGY.remotes).map(([name, part]) => ({ name, dir: part.folder, portVar: part.portEnv, port: part.port })),
];

export const REMOTE_NAMES = Object.keys(TOPOLOGY.remotes);

/** Every part's usual port moved up by `by`: a bench's own site beside `npm start`. */
export function movedPorts(by) {
  return Object.fromEntries(Object.entries(defaultPorts({})).map(([part, port]) => [part, port + by]));
}

export function defaultPorts(env = process.env) {
  const ports = Object.fromEntries(FRONT_ENDS.map((f) => [f.name, Number(env[f.portVar] ?? f.port)]));
  return {
    ...ports,
    api: Number(env[TOPOLOGY.api.portEnv] ?? TOPOLOGY.api.port),
    auth: Number(env[TOPOLOGY.authEmulator.portEnv] ?? TOPOLOGY.authEmulator.port),
    mail: Number(env[TOPOLOGY.mailCatcher.portEnv] ?? TOPOLOGY.mailCatcher.port),
  };
}

export function sitePorts(ports) {
  return [
    ...FRONT_ENDS.map((f) => ({ port: ports[f.name], part: f.name })),
    { port: ports.api, part: 'api' },
    { port: ports.auth, part: 'auth' },
    // The emulator's own ports follow the auth port (site/auth.mjs).
    { port: ports.auth + 1, part: 'auth hub' },
    { port: ports.auth + 2, part: 'auth logging' },
    { port: ports.auth + 3, part: 'auth emulator' },
    { port: ports.mail, part: 'mail' },
  ];
}

/** Which setting moves each part's port (the emulator's helper ports follow the auth port). */
export const PORT_SETTINGS = {
  ...Object.fromEntries(FRONT_ENDS.map((f) => [f.name, f.portVar])),
  api: TOPOLOGY.api.portEnv,
  auth: TOPOLOGY.authEmulator.portEnv,
  'auth hub': TOPOLOGY.authEmulator.portEnv,
  'auth logging': TOPOLOGY.authEmulator.portEnv,
  'auth emulator': TOPOLOGY.authEmulator.portEnv,
  mail: TOPOLOGY.mailCatcher.portEnv,
};

export const LABELS = {
  auth: 'Auth emulator',
  api: 'API',
  shell: 'shell',
  mail: 'mail catcher',
  ...Object.fromEntries(REMOTE_NAMES.map((name) => [name, `${name} remote`])),
};

/** Each remote's manifest address on the given origin maker: the first remotes.json of a site. */
export function remoteManifests(originOf) {
  return Object.fromEntries(REMOTE_NAMES.map((name) => [name, `${originOf(name)}/mf-manifest.json`]));
}

export function frontEndOrigins(ports) {
  return FRONT_ENDS.flatMap((f) => [`http://localhost:${ports[f.name]}`, `http://127.0.0.1:${ports[f.name]}`]);
}

/**
 * The origins whose pages a site started from this checkout lets read its API: its own front ends, and each remote
 * alone (`npm run dev -w <remote>`) at its usual port, so a team can run its screens beside a site on other ports.
 */
export function siteCorsOrigins(ports) {
  const usual = defaultPorts({});
  const alone = REMOTE_NAMES.flatMap((name) => [`http://localhost:${usual[name]}`, `http://127.0.0.1:${usual[name]}`]);
  return [...new Set([...frontEndOrigins(ports), ...alone])];
}
