/**
 * The screen registry (shared-contract/src/screens.ts) for the webpack configs, which are plain
 * CommonJS: each remote's `exposes` is derived from it rather than written a second time.
 */
const { require: requireTs } = require('tsx/cjs/api');

const { exposesOf } = requireTs('@usedcars/shared-contract/screens', __filename);

module.exports = { exposesOf };
