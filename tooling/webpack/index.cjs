// The one webpack set-up of the shell and the remotes: a browser and a server build from one source (docs/architecture.md, "The builds").
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
    // `--env site`: a dev server the site's pages load (scripts/dev.mjs, `npm run dev -- --site`).
    const browser = browserConfig({ ...o, site: !production && Boolean(env.site) }, production);
    if (!production || env.WEBPACK_SERVE) return browser;
    return o.host ? [startConfig(o), browser, hostServerConfig(o)] : [browser, remoteServerConfig(o)];
  };
};
