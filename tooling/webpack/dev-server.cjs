// `webpack serve` (npm run dev): the browser build from memory, with this run's runtime files.
const path = require('node:path');
const fs = require('node:fs');

function devServer(o) {
  return {
    port: o.port,
    host: '127.0.0.1',
    historyApiFallback: true,
    // The shell's page opens hot-reload sockets to every remote's server; the servers
    // only listen on loopback, so any Host/Origin header reaching them is a local one.
    allowedHosts: 'all',
    hot: true,
    headers: { 'Access-Control-Allow-Origin': '*' },
    static: o.copy ? [{ directory: path.join(o.dir, 'public') }] : false,
    // SHELL_RUNTIME_DIR (set by `npm run dev`) holds this run's remotes.json and config.json.
    // They must win over the copies of public/ that the build itself emits, so they are
    // answered ahead of webpack's own middleware, read afresh on each request.
    setupMiddlewares: (middlewares) => {
      const dir = process.env.SHELL_RUNTIME_DIR;
      if (!dir) return middlewares;
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
