/**
 * The one webpack set-up behind the shell and the three remotes. Each package's
 * webpack.config.cjs states only what is its own (name, port, what it exposes).
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
 *   alike for the page to take over the server's HTML.
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

/**
 * The version of a package as the building package resolves it (its own node_modules first, then
 * up the tree): the version its bundle really contains, which is what its manifest must declare.
 */
function version(name, dir = root) {
  const fs = require('node:fs');
  for (let at = dir; ; at = path.dirname(at)) {
    const file = path.join(at, 'node_modules', name, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
    if (path.dirname(at) === at) throw new Error(`${name} is not installed above ${dir}`);
  }
}

/**
 * What a build accepts of a package it was made with: the same major, at least this version.
 * Within a major a shared package only grows (docs/sharing-and-releases.md), so an older page's
 * copy of a newer build's singleton still has everything of that major it knew of. The same rule
 * as acceptedRange in @usedcars/shared-page/sharing, which the page, the render server and
 * `npm run preflight` judge manifests with.
 */
function acceptedRange(v) {
  const [major] = v.split('.');
  return `>=${v} <${Number(major) + 1}.0.0`;
}

/** Where a remote's server build sits, relative to its browser build (and so to its mf-manifest.json). */
const SERVER_FOLDER = 'server';

/**
 * The sharing policy (docs/sharing-and-releases.md).
 *
 * Singletons hold what there must be one of per page: one React, one router, one auth store, one
 * QueryClient, one styled-components sheet, one identity SDK, and @usedcars/shared-page (the
 * remote registry, the kept server markup, the request's head, the API connection). Whatever a
 * remote asks, it gets the page's copy; a remote that needs another major of one is refused
 * before it loads (shell/src/federation/remotes.ts) and shows its area's fallback.
 *
 * Shared by version: stateless code, taken from the page when the page's copy is of the same
 * major and at least as new, else the remote uses the copy it brings. A team can then add a
 * component to shared-ui and ship its remote alone.
 *
 * On the server the shell provides every singleton and a remote brings no copy of its own
 * (`import: false`): two Reacts in one render would break hooks, and the remote's server build
 * stays small. It keeps its own copy of what is shared by version, as in the browser. The
 * identity SDK never runs on the server and is left out there.
 *
 * @usedcars/shared-contract is stateless too but not shared at run time: sharing would ship all
 * of it (zod included, ~90 KB) to every page; each bundle keeps the parts it uses, which is what
 * "its own copy" means for it.
 */
const SINGLETONS = [
  ['react'],
  ['react/jsx-runtime', 'react'],
  ['react-dom'],
  ['react-dom/client', 'react-dom', { browserOnly: true }],
  // Served by tooling/router-facade.ts (see there): one router, without its server half.
  ['react-router-dom'],
  ['zustand'],
  ['@tanstack/react-query'],
  ['styled-components'],
  ['react-hot-toast'],
  ['firebase/app', 'firebase', { browserOnly: true }],
  ['firebase/auth', 'firebase', { browserOnly: true }],
  ['@usedcars/shared-auth'],
  ['@usedcars/shared-page'],
];
const SHARED_BY_VERSION = ['@usedcars/shared-ui', '@usedcars/shared-api'];

/**
 * What every page runs before its first screen. The shell bundles these into its first script
 * (eager) instead of one file each: a first visit asked for ten more files (~0.4 KB of headers
 * apiece) and compressed each alone. What only some screens need (react-query, the toaster, the
 * identity SDK) still loads with them. The render server preloads the same list
 * (tooling/startup-packages.json).
 */
const STARTUP_PACKAGES = new Set(require('./startup-packages.json'));

function sharedConfig({ dir = root, server = false, host = false } = {}) {
  const eager = (name) => (host && STARTUP_PACKAGES.has(name) ? { eager: true } : {});
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

/** TypeScript and JSX through swc, for the browser and the server alike. */
function scriptRule({ production, name }) {
  return {
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
          experimental: {
            // Stable class names (see the top of this file). The namespace keeps two packages'
            // files at the same relative path (src/index.ts) from naming a component alike.
            plugins: [['@swc/plugin-styled-components', { ssr: true, displayName: !production, namespace: name }]],
          },
        },
      },
    },
  };
}

function resolveOptions({ production, server }) {
  return {
    extensions: ['.tsx', '.ts', '.js', '.mjs'],
    alias: {
      // The server's facade adds StaticRouter, which only the render server uses.
      'react-router-dom$': path.join(__dirname, server ? 'router-facade.server.ts' : 'router-facade.ts'),
      // react-router's package exports only its development build (warnings and checks);
      // production builds take the production one it ships beside it.
      ...(production ? reactRouterProduction() : {}),
      ...(server ? { 'firebase/app': false, 'firebase/auth': false } : federationRuntimeEsm()),
    },
  };
}

/**
 * Writes chunks.json beside the shell's page: the files of each named chunk (bootstrap,
 * page-services, screen-LoginPage, …), so the render server can name a page's scripts in its
 * head instead of the browser finding them one after another.
 */
class ChunkListPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ChunkListPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ChunkListPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const list = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          list[name] = group.getFiles().filter((file) => file.endsWith('.js'));
        }
        compilation.emitAsset('chunks.json', new compiler.webpack.sources.RawSource(JSON.stringify(list, null, 2)));
      });
    });
  }
}

/**
 * Adds the server build to the browser build's mf-manifest.json, so whoever reads a remote's
 * manifest (the page, the render server) finds both builds from the one address in remotes.json.
 */
function withServerEntry({ stats }) {
  stats.metaData.ssrRemoteEntry = { name: 'remoteEntry.js', path: SERVER_FOLDER, type: 'commonjs-module' };
  return stats;
}

/**
 * @param {object} o
 * @param {string} o.dir        the package folder (__dirname of its config)
 * @param {string} o.name       federation name: shell | catalog | dashboard | checkout
 * @param {number} o.port       dev-server port
 * @param {Record<string,string>} [o.exposes]
 * @param {boolean} [o.host]    true for the shell
 * @param {string[]} [o.runtimePlugins]
 * @param {string} [o.serverEntry] the shell's render server (host only)
 */
function browserConfig(o, production) {
  return {
    name: 'browser',
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
      // The server build (dist/server/) is written by the other half of this build.
      clean: { keep: (file) => file.startsWith(`${SERVER_FOLDER}/`) },
    },
    resolve: resolveOptions({ production, server: false }),
    module: {
      // A name missing from a facade (or a typo in an import) fails the build, not the page.
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [scriptRule({ production, name: o.name }), { test: /\.(svg|png|jpe?g|webp|gif)$/, type: 'asset/resource' }],
    },
    performance: { hints: false },
    // webpack minifies .html assets itself in production, dropping comments: index.html keeps the
    // ones the render server finds #root's placeholder by (the page is a few hundred bytes).
    optimization: {
      minimize: production ? { html: false } : false,
      // The shell only: in a remote it would split the modules its screens share into extra
      // small files.
      ...(o.host
        ? {
            splitChunks: {
              cacheGroups: {
                // A shared package is both provided and, as a fallback, consumed: two chunk
                // groups that each got their own copy of its modules while those stayed under
                // splitChunks' 20 KB minimum, and a page fetched shared-auth (and react-dom's
                // entry) twice. One chunk, however small.
                sharedOnce: { chunks: 'async', minChunks: 2, minSize: 0, reuseExistingChunk: true, priority: -5 },
                // React DOM is half of the first script; as a file of its own it is compiled in a
                // task of its own, beside the rest instead of after it (docs/performance.md).
                reactDom: { test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/, chunks: 'initial', name: 'react-dom', enforce: true },
              },
            },
          }
        : {}),
    },
    plugins: [
      new ModuleFederationPlugin({
        name: o.name,
        filename: 'remoteEntry.js',
        exposes: o.exposes,
        shared: sharedConfig({ dir: o.dir, host: o.host && production }),
        shareStrategy: 'loaded-first',
        runtimePlugins: o.runtimePlugins,
        manifest: { fileName: 'mf-manifest.json', ...(o.host || !production ? {} : { additionalData: withServerEntry }) },
        dts: false,
        experiments: {
          // Production remotes borrow the shell's runtime. A development build keeps its own, so
          // a remote's page also runs alone, without the shell (each team works on its remote
          // standalone with `npm run dev -w mf-catalog`).
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
              // Left as written (see optimization above).
              minify: false,
            }),
          ]
        : []),
      ...(o.copy ? [new CopyPlugin({ patterns: o.copy })] : []),
      ...(o.host && production ? [new ChunkListPlugin()] : []),
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
    devServer: devServer(o),
  };
}

/**
 * A remote's server build: the same exposed modules for Node, published beside the browser build.
 * Its chunks are named server/… and its public path is the browser build's folder (set when the
 * render server loads it: tooling/ssr-public-path.ts), so a picture it imports has the very
 * address the page gives it, and its chunks are fetched from wherever the remote is published.
 */
function remoteServerConfig(o) {
  return {
    name: 'server',
    mode: 'production',
    context: o.dir,
    target: 'async-node',
    // Only the container: a remote's server build has no page of its own.
    entry: {},
    devtool: false,
    output: {
      path: path.join(o.dir, 'dist'),
      // Replaced at run time (ssr-public-path.ts); a plain path would make every URL relative.
      publicPath: '/',
      filename: `${SERVER_FOLDER}/[name].[contenthash:8].js`,
      chunkFilename: `${SERVER_FOLDER}/[name].[contenthash:8].js`,
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: `usedcars_${o.name}_server`,
      library: { type: 'commonjs-module' },
      clean: { keep: (file) => !file.startsWith(`${SERVER_FOLDER}/`) },
    },
    resolve: resolveOptions({ production: true, server: true }),
    module: {
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [
        scriptRule({ production: true, name: o.name }),
        // The browser build already wrote these pictures; the server only needs their addresses.
        { test: /\.(svg|png|jpe?g|webp|gif)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    optimization: { minimize: false },
    performance: { hints: false },
    plugins: [
      new ModuleFederationPlugin({
        name: o.name,
        filename: `${SERVER_FOLDER}/remoteEntry.js`,
        library: { type: 'commonjs-module' },
        remoteType: 'script',
        exposes: o.exposes,
        shared: sharedConfig({ dir: o.dir, server: true }),
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin'), path.join(__dirname, 'ssr-public-path.ts')],
        manifest: false,
        dts: false,
      }),
    ],
  };
}

/**
 * The shell's render server (shell/src/server/): a Node program that is also the server's
 * federation host, providing the singletons the remotes' server builds borrow. Its web framework
 * stays outside the bundle: only code that must share React with the remotes is bundled.
 */
function hostServerConfig(o) {
  return {
    name: 'server',
    mode: 'production',
    context: o.dir,
    target: 'async-node',
    entry: { main: o.serverEntry },
    devtool: 'source-map',
    output: {
      path: path.join(o.dir, 'dist-server'),
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      // Pictures the shell imports (its logo) keep the browser build's addresses.
      publicPath: '/',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: `usedcars_${o.name}_server`,
      clean: true,
    },
    // The program's own folder, not webpack's stand-in: the server finds the browser build from it.
    node: { __dirname: false, __filename: false },
    externalsPresets: { node: true },
    externalsType: 'commonjs',
    externals: [/^fastify($|\/)/, /^@fastify\//, /^pino($|\/)/],
    resolve: resolveOptions({ production: true, server: true }),
    module: {
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [scriptRule({ production: true, name: o.name }), { test: /\.(svg|png|jpe?g|webp|gif)$/, type: 'asset/resource', generator: { emit: false } }],
    },
    optimization: { minimize: false },
    performance: { hints: false },
    plugins: [
      new ModuleFederationPlugin({
        name: `${o.name}_server`,
        remoteType: 'script',
        shared: hostServerShared(o),
        runtimePlugins: o.serverRuntimePlugins,
        manifest: false,
        dts: false,
      }),
    ],
  };
}

function devServer(o) {
  return {
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
  };
}

module.exports = function federatedConfig(o) {
  return (env = {}, argv = {}) => {
    const production = argv.mode !== 'development';
    const browser = browserConfig(o, production);
    if (!production || env.WEBPACK_SERVE) return browser;
    return [browser, o.host ? hostServerConfig(o) : remoteServerConfig(o)];
  };
};
module.exports.root = root;
module.exports.SERVER_FOLDER = SERVER_FOLDER;
