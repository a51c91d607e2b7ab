/**
 * One jest set-up for every package: TypeScript and JSX through swc (no type-checking here;
 * `npm run typecheck` does that), pictures as file names, and the DOM matchers.
 */
const path = require('node:path');

/**
 * Jest 30 offers the `node` condition to require() in every environment, and these packages list
 * their Node build before their browser one, so jsdom tests got the Node Firebase SDK: no popup
 * resolver, no localStorage persistence, not what webpack ships. jsdom tests get the browser build.
 */
function browserBuilds(names) {
  const firebaseDir = path.dirname(require.resolve('firebase/package.json'));
  return Object.fromEntries(
    names.map((name) => {
      const manifest = require.resolve(`${name}/package.json`, { paths: [firebaseDir] });
      return [`^${name}$`, path.join(path.dirname(manifest), require(manifest).exports['.'].browser.require)];
    }),
  );
}

/**
 * How long one test (or hook) may take. Jest reads `testTimeout` only from the configuration it
 * was started with: run from the root over every package (`projects`), a package's own setting is
 * ignored and the 5 s default applies, which a busy 2-core machine overruns. So the value also
 * travels as a global that a setup file hands to `jest.setTimeout`, which applies either way.
 */
const DEFAULT_TIMEOUT_MS = 15_000;

module.exports = function preset({ environment = 'jsdom', displayName, rootDir, testTimeout = DEFAULT_TIMEOUT_MS }) {
  return {
    testTimeout,
    globals: { __TEST_TIMEOUT_MS__: testTimeout },
    displayName,
    rootDir,
    testEnvironment: environment,
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/test/**/*.test.{ts,tsx}'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // ESM-only packages in node_modules need swc too.
    transformIgnorePatterns: ['/node_modules/(?!(jose|@firebase|firebase)/)'],
    moduleNameMapper: {
      '\\.(svg|png|jpg|jpeg|webp|gif)(\\?inline|\\?markup)?$': path.join(__dirname, 'file-stub.cjs'),
      ...(environment === 'jsdom' ? browserBuilds(['@firebase/auth', '@firebase/util']) : {}),
    },
    setupFilesAfterEnv: [
      path.join(__dirname, 'setup-timeout.cjs'),
      ...(environment === 'jsdom' ? [path.join(__dirname, 'setup-dom.ts'), path.join(__dirname, 'setup-page.ts')] : []),
    ],
  };
};
