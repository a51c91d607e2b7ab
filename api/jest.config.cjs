// Each API test file starts its own database (and, with TEST_DATABASE_URL, a PostgreSQL one too).
const preset = require('../jest/preset.cjs')({ displayName: 'api', rootDir: __dirname, environment: 'node', testTimeout: 30_000 });

const [swc] = Object.values(preset.transform);

module.exports = {
  ...preset,
  // PGlite's CommonJS build loads node built-ins with import(), which jest's module VM refuses;
  // compiling that build too (it ships .cjs) turns those into require().
  transform: { ...preset.transform, '^.+/node_modules/.+\\.cjs$': swc },
  // Only the innermost node_modules segment decides; these packages (some nested) ship ESM only.
  transformIgnorePatterns: ['/node_modules/(?!.*/node_modules/)(?!(jose|@firebase|firebase|@electric-sql|content-disposition|cookie)/)'],
};
