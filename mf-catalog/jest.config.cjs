module.exports = require('../jest/preset.cjs')({ displayName: 'mf-catalog', rootDir: __dirname, environment: 'jsdom' });
