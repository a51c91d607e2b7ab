module.exports = require('../jest/preset.cjs')({ displayName: 'shared-page', rootDir: __dirname, environment: 'jsdom' });
