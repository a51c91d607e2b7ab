module.exports = require('../jest/preset.cjs')({ displayName: 'mf-dashboard', rootDir: __dirname, environment: 'jsdom' });
