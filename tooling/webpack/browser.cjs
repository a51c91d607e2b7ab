// The browser build: what the page runs (dist/).
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const { SERVER_FOLDER } = require('./paths.cjs');
const { sharedConfig } = require('./shared.cjs');
const { pictureRule, resolveOptions, scriptRule } = require('./resolve.cjs');
const { ChunkListPlugin } = require('./chunk-list-plugin.cjs');
const { devServer } = require('./dev-server.cjs');
const { START_LIST } = require('./start.cjs');

/** The first script's file, written by the start build just before this one; none in a development build. */
function startScriptOf(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'dist', START_LIST), 'utf8')).start[0];
  } catch {
    return null;
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
  // The shell's production page starts with a first script of its own build (start.cjs).
  const withStart = o.host && production;
  return {
    name: 'browser',
    ...(withStart ? { dependencies: ['start'] } : {}),
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
      // So is the first script (start.cjs), just before this one.
      clean: { keep: (file) => file.startsWith(`${SERVER_FOLDER}/`) || (withStart && (file === START_LIST || file.startsWith(startScriptOf(o.dir)))) },
    },
    resolve: resolveOptions({ production, server: false }),
    module: {
      // A name missing from a facade (or a typo in an import) fails the build, not the page.
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [scriptRule({ production, name: o.name }), pictureRule()],
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
                // The other packages the page starts with, likewise: main keeps the federation
                // runtime and the shell's own modules, and compiles in a shorter task.
                startupPackages: {
                  test: /[\\/]node_modules[\\/](?!@module-federation[\\/])/,
                  chunks: 'initial',
                  name: 'startup-packages',
                  enforce: true,
                  priority: -10,
                },
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
          // reads each remote's mf-manifest.json itself (@usedcars/federation/browser).
          optimization: { target: 'web', disableSnapshot: true, ...(o.host ? {} : { disableRemote: true }) },
        },
      }),
      // The shell's page is the site. A remote's page is its team's standalone harness, for
      // development builds only: a production remote borrows the shell's federation runtime
      // (externalRuntime above), so alone it could not start; its origin serves scripts.
      ...(o.host || !production
        ? [
            new HtmlWebpackPlugin({
              template: path.join(__dirname, '..', 'index.html'),
              title: 'Used Cars',
              // A function, so the first script's name is read once its build has run.
              templateParameters: (compilation, files, tags, options) => ({
                htmlWebpackPlugin: { files, tags, options },
                appName: o.name,
                startScript: withStart ? `/${startScriptOf(o.dir)}` : null,
              }),
              chunks: ['main'],
              // The template writes the script tags itself: on the shell's page, only the first script.
              inject: false,
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

module.exports = { browserConfig };
