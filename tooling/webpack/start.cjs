// The shell's first script (dist/start.*.js): a bundle of its own, since the federation plugin
// puts its runtime into every entry of a build (docs/performance.md, "The page's scripts after its first paint").
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const { resolveOptions, scriptRule } = require('./resolve.cjs');
const { ChunkListPlugin } = require('./chunk-list-plugin.cjs');

/** Where the browser build's index.html finds the first script's file name (`{ start: [file] }`). */
const START_LIST = 'start-script.json';

function startConfig(o) {
  return {
    name: 'start',
    mode: 'production',
    context: o.dir,
    target: ['web', 'es2020'],
    entry: { start: './src/start.ts' },
    devtool: 'source-map',
    output: {
      path: path.join(o.dir, 'dist'),
      publicPath: '/',
      filename: '[name].[contenthash:8].js',
      uniqueName: `usedcars_${o.name}_start`,
      // The browser build writes the rest of dist/ after this one (its `dependencies`).
      clean: false,
    },
    resolve: resolveOptions({ production: true, server: false }),
    module: {
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [scriptRule({ production: true, name: o.name })],
    },
    performance: { hints: false },
    plugins: [
      new ChunkListPlugin(START_LIST),
      new CompressionPlugin({ algorithm: 'gzip', test: /\.js$/, threshold: 512 }),
      new CompressionPlugin({
        filename: '[path][base].br',
        algorithm: 'brotliCompress',
        test: /\.js$/,
        compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
        threshold: 512,
      }),
    ],
  };
}

module.exports = { startConfig, START_LIST };
