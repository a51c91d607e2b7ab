/**
 * The one webpack set-up behind the shell and the three remotes. Each package's
 * webpack.config.cjs states only what is its own (name, what it exposes); its dev server's port
 * comes from the site's topology (shared-contract/topology.json) and its setting.
 *
 * A production build makes two bundles from one source (docs/architecture.md, "Server rendering"):
 * - the browser build in dist/: what the page runs;
 * - the server build: for a remote, dist/server/ beside the browser files (the shell's render
 *   server fetches it over HTTP from wherever the remote is published, as the page does); for the
 *   shell, dist-server/, the render server itself, which is never published as static files.
 * `webpack serve` (npm run dev) makes only the browser build: development pages render in the browser.
 *
 * Why it looks like this:
 * - publicPath 'auto': a remote's chunks load from wherever its manifest was found, so a team
 *   can publish a build to any origin and only remotes.json changes.
 * - the shell provides the federation runtime and the remotes reuse it (externalRuntime), so the
 *   page carries one copy of it.
 * - shareStrategy 'loaded-first': version negotiation would otherwise fetch every remote's
 *   entry on start; we want a remote's bytes only when its route is visited.
 * - styled-components' class names come from each file's path (its SWC plugin), not from the
 *   order components happen to be created in: the server and the page must name every class
 *   alike for the page to hydrate the server's HTML.
 */
const { browserConfig } = require('./browser.cjs');
const { remoteServerConfig } = require('./remote-server.cjs');
const { hostServerConfig } = require('./host-server.cjs');
const { startConfig } = require('./start.cjs');
const topology = require('@usedcars/shared-contract/topology.json');

/** The front end's port: its setting when set, else the topology's. */
function portOf(name) {
  const part = name === 'shell' ? topology.shell : topology.remotes[name];
  if (!part) throw new Error(`${name} is not in shared-contract/topology.json`);
  return Number(process.env[part.portEnv] ?? part.port);
}

module.exports = function federatedConfig(options) {
  const o = { ...options, port: portOf(options.name) };
  return (env = {}, argv = {}) => {
    const production = argv.mode !== 'development';
    const browser = browserConfig(o, production);
    if (!production || env.WEBPACK_SERVE) return browser;
    return o.host ? [startConfig(o), browser, hostServerConfig(o)] : [browser, remoteServerConfig(o)];
  };
};
