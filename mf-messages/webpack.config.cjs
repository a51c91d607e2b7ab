const federatedConfig = require('../tooling/webpack/index.cjs');
const { exposesOf } = require('../tooling/screens.cjs');

module.exports = federatedConfig({
  dir: __dirname,
  name: 'messages',
  // What this remote exposes is the screen registry's list (shared-contract/src/screens.ts).
  exposes: exposesOf('messages'),
});
