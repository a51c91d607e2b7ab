/**
 * The one webpack set-up behind the shell and the three remotes. Each package's
 * webpack.config.cjs states only what is its own (name, port, what it exposes).
 *
 * Why it looks like this:
 * - publicPath 'auto': a remote's chunks load from wherever its manifest was found, so a team
 *   can publish a build to any origin and only remotes.json changes.
 * - the shell provides the federation runtime and the remotes reuse it (externalRuntime), so the
 *   page carries one copy of it.
 * - shareStrategy 'loaded-first': version negotiation would otherwise fetch every remote's
 *   entry on start; we want a remote's bytes only when its route is visited.
 */
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const zlib = require('node:zlib');

/** The monorepo root: the first folder up from here with the installed packages. */
function findRoot(dir) {
  if (require('node:fs').existsSync(path.join(dir, 'node_modules', 'webpack'))) return dir;
  const parent = path.dirname(dir);
  if (parent === dir) throw new Error('node_modules not found above tooling/');
  return findRoot(parent);
}
// (A copy of a package and tooling/ elsewhere in the tree, as the deployment test makes, still builds.)
const root = findRoot(path.resolve(__dirname, '..'));

function version(name) {
  return require(path.join(root, 'node_modules', name, 'package.json')).version;
}

/** The singletons of DESIGN.md §1. One React, one router, one auth store, one QueryClient. */
function sharedSingletons() {
  // `version` is given because some packages (firebase/*) have no version beside their entry.
  const singleton = (name, pkg = name) => [name, { singleton: true, version: version(pkg), requiredVersion: `^${version(pkg)}` }];
  return Object.fromEntries([
    singleton('react'),
    singleton('react/jsx-runtime', 'react'),
    singleton('react-dom'),
    singleton('react-dom/client', 'react-dom'),
    // Served by tooling/router-facade.ts (see there): one router, without its server half.
    singleton('react-router-dom'),
    singleton('zustand'),
    singleton('@tanstack/react-query'),
    singleton('styled-components'),
    singleton('react-hot-toast'),
    singleton('firebase/app', 'firebase'),
    singleton('firebase/auth', 'firebase'),
    ['@usedcars/shared-auth', { singleton: true, requiredVersion: '^0.1.0' }],
    ['@usedcars/shared-ui', { singleton: true, requiredVersion: '^0.1.0' }],
    // @usedcars/shared-contract is deliberately not shared: it holds no state, and sharing would
    // ship all of it (zod included, ~90 KB) to every page; each bundle keeps what it uses.
  ]);
}

/**
 * The federation runtime reaches the page through both `import` (our code, webpack's runtime)
 * and `require` (its external-runtime plugin), and its packages ship separate ESM and CJS
 * builds, so the shell carried two copies (~25 KB compressed). Every request for these
 * packages goes to the ESM build instead.
 */
function federationRuntimeEsm() {
  const esm = (pkg, file) => path.join(root, 'node_modules', '@module-federation', pkg, 'dist', file);
  return {
    '@module-federation/runtime-core$': esm('runtime-core', 'index.js'),
    '@module-federation/runtime-tools/runtime-core$': esm('runtime-tools', 'runtime-core.js'),
    '@module-federation/runtime-tools/runtime$': esm('runtime-tools', 'runtime.js'),
    '@module-federation/runtime-tools$': esm('runtime-tools', 'index.js'),
    '@module-federation/runtime$': esm('runtime', 'index.js'),
    '@module-federation/sdk$': esm('sdk', 'index.js'),
    '@module-federation/error-codes$': esm('error-codes', 'index.mjs'),
  };
}

function reactRouterProduction() {
  const dist = path.join(root, 'node_modules', 'react-router', 'dist', 'production');
  return { 'react-router$': path.join(dist, 'index.mjs'), 'react-router/dom$': path.join(dist, 'dom-export.mjs') };
}

/**
 * @param {object} o
 * @param {string} o.dir        the package folder (__dirname of its config)
 * @param {string} o.name       federation name: shell | catalog | dashboard | checkout
 * @param {number} o.port       dev-server port
 * @param {Record<string,string>} [o.exposes]
 * @param {boolean} [o.host]    true for the shell
 * @param {string[]} [o.runtimePlugins]
 */
module.exports = function federatedConfig(o) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: o.dir,
      // Every browser this site supports runs ES2020: webpack's own runtime code (chunk loading,
      // sharing) is then written with arrow functions and const, a few KB less on every page.
      target: ['web', 'es2020'],
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(o.dir, 'dist'),
        publicPath: 'auto',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: `usedcars_${o.name}`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        alias: {
          'react-router-dom$': path.join(__dirname, 'router-facade.ts'),
          // react-router's package exports only its development build (warnings and checks);
          // production builds take the production one it ships beside it.
          ...(production ? reactRouterProduction() : {}),
          ...federationRuntimeEsm(),
        },
      },
      module: {
        // A name missing from a facade (or a typo in an import) fails the build, not the page.
        parser: { javascript: { exportsPresence: 'error' } },
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            // tooling/ holds the router facade, compiled like the packages' own code.
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
          { test: /\.(svg|png|jpe?g|webp|gif)$/, type: 'asset/resource' },
        ],
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name: o.name,
          filename: 'remoteEntry.js',
          exposes: o.exposes,
          shared: sharedSingletons(),
          shareStrategy: 'loaded-first',
          runtimePlugins: o.runtimePlugins,
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          experiments: {
            // Production remotes borrow the shell's runtime. A development build keeps its own, so
            // a remote's page also runs alone, without the shell (DESIGN.md §1: each team works on
            // its remote standalone with `npm run dev -w mf-catalog`).
            ...(o.host ? { provideExternalRuntime: true } : production ? { externalRuntime: true } : {}),
            // Browser-only: the runtime drops its Node.js script loaders (~2 KB compressed).
            // disableSnapshot: the manifest-snapshot plugins (~1.5 KB compressed) go; the shell
            // reads each remote's mf-manifest.json itself (shell/src/federation/remotes.ts).
            optimization: { target: 'web', disableSnapshot: true, ...(o.host ? {} : { disableRemote: true }) },
          },
        }),
        // The shell's page is the site. A remote's page is its team's standalone harness, for
        // development builds only: a production remote borrows the shell's federation runtime
        // (externalRuntime above), so alone it could not start; its origin serves scripts.
        ...(o.host || !production
          ? [
              new HtmlWebpackPlugin({
                template: path.join(__dirname, 'index.html'),
                title: 'Used Cars',
                templateParameters: { appName: o.name },
                chunks: ['main'],
                // Absolute: index.html is also the answer for deep links (/dashboard/myBuyer), where a
                // relative script path would point into a folder that does not exist.
                publicPath: '/',
              }),
            ]
          : []),
        ...(o.copy ? [new CopyPlugin({ patterns: o.copy })] : []),
        ...(production
          ? [
              new CompressionPlugin({ algorithm: 'gzip', test: /\.(js|css|html|svg|json|map)$/, threshold: 512 }),
              new CompressionPlugin({
                filename: '[path][base].br',
                algorithm: 'brotliCompress',
                test: /\.(js|css|html|svg|json)$/,
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
                threshold: 512,
              }),
            ]
          : []),
      ],
      devServer: {
        port: o.port,
        host: '127.0.0.1',
        historyApiFallback: true,
        // The page (localhost:3000) opens hot-reload sockets to every remote's server; the servers
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
              if (!file || !require('node:fs').existsSync(file)) return next();
              res.setHeader('Content-Type', 'application/json; charset=utf-8');
              res.setHeader('Cache-Control', 'no-cache');
              res.end(require('node:fs').readFileSync(file));
            },
          });
          return middlewares;
        },
      },
    };
  };
};
module.exports.root = root;
