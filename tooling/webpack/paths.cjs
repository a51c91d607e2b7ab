// Where the monorepo's installed packages are, and where a remote's server build sits.
const path = require('node:path');
const fs = require('node:fs');

/** The monorepo root: the first folder up from here with the installed packages. */
function findRoot(dir) {
  if (fs.existsSync(path.join(dir, 'node_modules', 'webpack'))) return dir;
  const parent = path.dirname(dir);
  if (parent === dir) throw new Error('node_modules not found above tooling/');
  return findRoot(parent);
}
const root = findRoot(path.resolve(__dirname, '..'));

/** Where a remote's server build sits, relative to its browser build (and so to its mf-manifest.json). */
const SERVER_FOLDER = 'server';

module.exports = { root, SERVER_FOLDER };
