module.exports = require('../jest/preset.cjs')({ displayName: 'mf-messages', rootDir: __dirname, environment: 'jsdom' });
