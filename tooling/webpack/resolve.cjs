// How the builds resolve and compile modules: the same for the browser and the server.
const path = require('node:path');
const { root } = require('./paths.cjs');

/** The federation runtime is both imported and required: one ESM copy, not two builds (~25 KB compressed). */
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

/** `site`: a dev server inside the site, whose page has the site's production React, which the development JSX runtime cannot run on. */
function scriptRule({ production, name, site = false }) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    // tooling/ holds the router facade, compiled like the packages' own code.
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !production && !site } },
          target: 'es2020',
          experimental: {
            // The namespace keeps two packages' src/index.ts from naming a component alike.
            plugins: [['@swc/plugin-styled-components', { ssr: true, displayName: !production, namespace: name }]],
          },
        },
      },
    },
  };
}

/** `?inline` and `?markup`: a small SVG in the page itself, so it costs no request (docs/performance.md, "Small pictures in the markup"). */
function pictureRule({ emit = true } = {}) {
  return {
    test: /\.(svg|png|jpe?g|webp|gif)$/,
    oneOf: [
      {
        // `?markup`: the SVG's own markup, rendered in the page's first paint (docs/performance.md, "Small pictures in the markup").
        test: /\.svg$/,
        resourceQuery: /markup/,
        type: 'asset/source',
      },
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
      // The package exports only its development build; the production one ships beside it.
      ...(production ? reactRouterProduction() : {}),
      ...(server ? { 'firebase/app': false, 'firebase/auth': false } : federationRuntimeEsm()),
    },
  };
}

module.exports = { pictureRule, scriptRule, resolveOptions };
