module.exports = require('../jest/preset.cjs')({ displayName: 'federation', rootDir: __dirname, environment: 'jsdom' });
