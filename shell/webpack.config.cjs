const path = require('node:path');
const federatedConfig = require('../tooling/webpack/index.cjs');

module.exports = federatedConfig({
  dir: __dirname,
  name: 'shell',
  host: true,
  runtimePlugins: [path.join(__dirname, 'src/federation/errorPlugin.ts')],
  serverEntry: './src/server/main.ts',
  // remotes.json and config.json are deploy-time files: copied, never bundled.
  copy: [{ from: 'public', to: '.' }],
});
