// `webpack serve` (npm run dev): the browser build from memory, with this run's runtime files.
const path = require('node:path');
const fs = require('node:fs');

/**
 * Where this dev server's remotes.json and config.json come from: SHELL_RUNTIME_DIR (`npm run dev` names its own),
 * else the site running from this checkout (DATA_DIR/site, `.data/site` by default), so a remote run alone
 * (`npm run dev -w mf-catalog`) uses that site's API and emulator, whatever their ports (README, "Run one remote alone").
 */
function runtimeDir(o) {
  if (process.env.SHELL_RUNTIME_DIR) return process.env.SHELL_RUNTIME_DIR;
  const root = path.resolve(o.dir, '..');
  return path.join(path.resolve(root, process.env.DATA_DIR || '.data'), 'site');
}

function devServer(o) {
  return {
    port: o.port,
    host: '127.0.0.1',
    historyApiFallback: true,
    // The servers listen on loopback only, so any Host reaching them is local (the shell's page opens sockets to each).
    allowedHosts: 'all',
    hot: true,
    headers: { 'Access-Control-Allow-Origin': '*' },
    // Inside the site (--env site): the hot-reload socket at the address the site's security policy allows for the
    // link's browser (http://localhost:PORT), and the site's own errors left to the site, not shown over its pages.
    ...(o.site ? { client: { webSocketURL: { hostname: 'localhost' }, overlay: { errors: true, warnings: false, runtimeErrors: false } } } : {}),
    static: o.copy ? [{ directory: path.join(o.dir, 'public') }] : false,
    // This run's remotes.json and config.json (SHELL_RUNTIME_DIR) win over public/'s, read afresh each request.
    setupMiddlewares: (middlewares) => {
      const dir = runtimeDir(o);
      const runtimeFiles = new Set(['/remotes.json', '/config.json']);
      middlewares.unshift({
        name: 'shell-runtime-files',
        middleware: (req, res, next) => {
          const file = req.url && runtimeFiles.has(req.url.split('?')[0]) ? path.join(dir, req.url.split('?')[0]) : null;
          if (!file || !fs.existsSync(file)) return next();
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(fs.readFileSync(file));
        },
      });
      return middlewares;
    },
  };
}

module.exports = { devServer };
