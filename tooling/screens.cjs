/** The screen registry for the CommonJS webpack configs: each remote's `exposes` derived, not rewritten. */
const { require: requireTs } = require('tsx/cjs/api');

const { exposesOf } = requireTs('@usedcars/shared-contract/screens', __filename);

module.exports = { exposesOf };
