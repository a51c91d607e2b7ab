// The shell's render server (dist-server/): a Node program that is also the server's federation host.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { hostServerShared } = require('./shared.cjs');
const { pictureRule, resolveOptions, scriptRule } = require('./resolve.cjs');

/** Only code that must share React with the remotes is bundled; the web framework stays outside. */
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
    // The program's own folder, not the value webpack would put in its place: the server finds the browser build from it.
    node: { __dirname: false, __filename: false },
    externalsPresets: { node: true },
    externalsType: 'commonjs',
    // OpenTelemetry stays Node's too: its instrumentations patch what Node loads, and one copy of its API is shared. The
    // shell's package lists the ones shared-contract/src/tracingSdk.ts loads, so Node finds those versions beside the build.
    externals: [/^fastify($|\/)/, /^@fastify\//, /^pino($|\/)/, /^@opentelemetry\//],
    resolve: resolveOptions({ production: true, server: true }),
    module: {
      // createRequire stays Node's: the render server hands it to the remotes' server builds it runs.
      parser: { javascript: { exportsPresence: 'error', createRequire: false } },
      rules: [scriptRule({ production: true, name: o.name }), pictureRule({ emit: false })],
    },
    optimization: { minimize: false },
    performance: { hints: false },
    plugins: [
      new ModuleFederationPlugin({
        name: `${o.name}_server`,
        remoteType: 'script',
        shared: hostServerShared(o),
        runtimePlugins: [require.resolve('@usedcars/federation/ssr-public-path')],
        manifest: false,
        dts: false,
      }),
    ],
  };
}

module.exports = { hostServerConfig };
