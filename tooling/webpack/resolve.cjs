// How the builds resolve and compile modules: the same for the browser and the server.
const path = require('node:path');
const { root } = require('./paths.cjs');

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

/**
 * Pictures: a file of the build, named by its address; `?inline` puts a small SVG in the markup itself as a data:
 * address, so a screen's largest picture costs the page no request (docs/performance.md, "The LCP picture first").
 * `emit: false` for the server builds, whose pictures the browser build already wrote.
 */
function pictureRule({ emit = true } = {}) {
  return {
    test: /\.(svg|png|jpe?g|webp|gif)$/,
    oneOf: [
      {
        test: /\.svg$/,
        resourceQuery: /inline/,
        type: 'asset/inline',
        // Percent-encoded text rather than base64: a third smaller, and it compresses with the page.
        generator: { dataUrl: (content) => `data:image/svg+xml,${encodeURIComponent(content.toString().replace(/\s+/g, ' ').trim())}` },
      },
      { type: 'asset/resource', ...(emit ? {} : { generator: { emit: false } }) },
    ],
  };
}

function resolveOptions({ production, server }) {
  return {
    extensions: ['.tsx', '.ts', '.js', '.mjs'],
    alias: {
      // The server's facade adds StaticRouter, which only the render server uses.
      'react-router-dom$': path.join(__dirname, '..', server ? 'router-facade.server.ts' : 'router-facade.ts'),
      // react-router's package exports only its development build (warnings and checks);
      // production builds take the production one it ships beside it.
      ...(production ? reactRouterProduction() : {}),
      ...(server ? { 'firebase/app': false, 'firebase/auth': false } : federationRuntimeEsm()),
    },
  };
}

module.exports = { pictureRule, scriptRule, resolveOptions };
