// The browser build: what the page runs (dist/).
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { BannerPlugin, Compilation } = require('webpack');
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

function startScriptOf(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'dist', START_LIST), 'utf8')).start[0];
  } catch {
    return null;
  }
}

/** Names the server build in the browser build's mf-manifest.json: one address finds both builds. */
function withServerEntry({ stats }) {
  stats.metaData.ssrRemoteEntry = { name: 'remoteEntry.js', path: SERVER_FOLDER, type: 'commonjs-module' };
  return stats;
}

/**
 * V8's compile hint on the scripts a page runs as it starts (the shell's first scripts, a remote's
 * entry): compiled in the background as they arrive, not function by function on the page's thread
 * as they are first called (docs/performance.md, "Compiled as they arrive"). After minifying, which
 * drops comments: the hint must be the file's first line.
 */
function compiledOnLoad(host) {
  return new BannerPlugin({
    banner: '//# allFunctionsCalledOnLoad',
    raw: true,
    include: host ? /^(react-dom|startup-packages|main|bootstrap)\.[0-9a-f]+\.js$/ : /^remoteEntry\.js$/,
    stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });
}

/** Each exposed screen of a dev server inside the site renders its new code on a hot update (hot-screen-loader.cjs). */
const hotScreenRule = () => ({ test: /[\\/]src[\\/]exposed[\\/][^\\/]+\.tsx$/, enforce: 'pre', use: require.resolve('./hot-screen-loader.cjs') });

function browserConfig(o, production) {
  // The shell's production page starts with a first script of its own build (start.cjs).
  const withStart = o.host && production;
  return {
    name: 'browser',
    ...(withStart ? { dependencies: ['start'] } : {}),
    mode: production ? 'production' : 'development',
    context: o.dir,
    // Every supported browser runs ES2020: webpack's own runtime is then a few KB smaller.
    target: ['web', 'es2020'],
    entry: { main: './src/index.ts' },
    // Inside the site its security policy runs no eval(): source maps as files (docs/releases.md, "Your dev server inside the site").
    devtool: production ? 'source-map' : o.site ? 'cheap-module-source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(o.dir, 'dist'),
      publicPath: 'auto',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: `usedcars_${o.name}`,
      // dist/server/ and the first script (start.cjs) are written by the other builds.
      clean: { keep: (file) => file.startsWith(`${SERVER_FOLDER}/`) || (withStart && (file === START_LIST || file.startsWith(startScriptOf(o.dir)))) },
    },
    resolve: resolveOptions({ production, server: false }),
    module: {
      // A name missing from a facade (or a typo in an import) fails the build, not the page.
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [...(o.site ? [hotScreenRule()] : []), scriptRule({ production, name: o.name, site: o.site }), pictureRule()],
    },
    performance: { hints: false },
    // index.html keeps the comments the render server finds #root's placeholder by.
    optimization: {
      minimize: production ? { html: false } : false,
      ...(o.host
        ? {
            splitChunks: {
              cacheGroups: {
                // Why each group: docs/architecture.md, "The builds".
                sharedOnce: { chunks: 'async', minChunks: 2, minSize: 0, reuseExistingChunk: true, priority: -5 },
                reactDom: { test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/, chunks: 'initial', name: 'react-dom', enforce: true },
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
          // Production remotes borrow the shell's runtime; a development one runs alone (docs/architecture.md, "The builds").
          ...(o.host ? { provideExternalRuntime: true } : production ? { externalRuntime: true } : {}),
          optimization: { target: 'web', disableSnapshot: true, ...(o.host ? {} : { disableRemote: true }) },
        },
      }),
      // A remote's own page only in development: in production it borrows the shell's runtime and could not start alone.
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
              // Absolute: index.html also serves deep links (/dashboard/myBuyer).
              publicPath: '/',
              // Left as written (see optimization above).
              minify: false,
            }),
          ]
        : []),
      ...(o.copy ? [new CopyPlugin({ patterns: o.copy })] : []),
      ...(o.host && production ? [new ChunkListPlugin()] : []),
      ...(production ? [compiledOnLoad(o.host)] : []),
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
