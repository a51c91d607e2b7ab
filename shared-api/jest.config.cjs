module.exports = require('../jest/preset.cjs')({ displayName: 'shared-api', rootDir: __dirname, environment: 'node' });
