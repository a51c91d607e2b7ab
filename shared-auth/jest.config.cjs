module.exports = require('../jest/preset.cjs')({ displayName: 'shared-auth', rootDir: __dirname, environment: 'jsdom' });
