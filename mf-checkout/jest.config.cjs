module.exports = require('../jest/preset.cjs')({ displayName: 'mf-checkout', rootDir: __dirname, environment: 'jsdom' });
