// A remote's server build (dist/server/), loaded by the render server over HTTP.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { SERVER_FOLDER } = require('./paths.cjs');
const { sharedConfig } = require('./shared.cjs');
const { pictureRule, resolveOptions, scriptRule } = require('./resolve.cjs');

/**
 * A remote's server build: the same exposed modules for Node, published beside the browser build.
 * Its chunks are named server/… and its public path is the browser build's folder (set when the
 * render server loads it: @usedcars/federation/ssr-public-path), so a picture it imports has the very
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
      // Replaced at run time (@usedcars/federation/ssr-public-path); a plain path would make every URL relative.
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
        pictureRule({ emit: false }),
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
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin'), require.resolve('@usedcars/federation/ssr-public-path')],
        manifest: false,
        dts: false,
      }),
    ],
  };
}

module.exports = { remoteServerConfig };
