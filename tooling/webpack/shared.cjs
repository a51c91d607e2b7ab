// The builds' `shared` option, from the sharing policy in @usedcars/federation/sharing (docs/sharing-and-releases.md).
const path = require('node:path');
const fs = require('node:fs');
const { SINGLETONS, SHARED_BY_VERSION, STARTUP_PACKAGES, acceptedRange } = require('@usedcars/federation/sharing');
const { root } = require('./paths.cjs');

/** The version the building package resolves, so really bundles: what its manifest must declare. */
function version(name, dir = root) {
  for (let at = dir; ; at = path.dirname(at)) {
    const file = path.join(at, 'node_modules', name, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
    if (path.dirname(at) === at) throw new Error(`${name} is not installed above ${dir}`);
  }
}

function sharedConfig({ dir = root, server = false, host = false } = {}) {
  const eager = (name) => (host && STARTUP_PACKAGES.includes(name) ? { eager: true } : {});
  // `version` is given because some packages (firebase/*) have no version beside their entry.
  const declared = (pkg) => {
    const v = version(pkg, dir);
    return { version: v, requiredVersion: acceptedRange(v) };
  };
  const singletons = SINGLETONS.filter(([, , { browserOnly = false } = {}]) => !(server && browserOnly)).map(([name, pkg = name]) => [
    name,
    { singleton: true, ...declared(pkg), ...(server ? { import: false } : {}), ...eager(name) },
  ]);
  const byVersion = SHARED_BY_VERSION.map((name) => [name, { singleton: false, ...declared(name), ...eager(name) }]);
  return Object.fromEntries([...singletons, ...byVersion]);
}

/** The shell's server build is the provider of the server's share scope: it keeps its own copies. */
function hostServerShared(o) {
  return Object.fromEntries(Object.entries(sharedConfig({ dir: o.dir, server: true })).map(([name, { import: _none, ...config }]) => [name, config]));
}

module.exports = { sharedConfig, hostServerShared };
