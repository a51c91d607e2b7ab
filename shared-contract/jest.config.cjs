module.exports = require('../jest/preset.cjs')({ displayName: 'shared-contract', rootDir: __dirname, environment: 'node' });
