module.exports = require('../jest/preset.cjs')({ displayName: 'shared-ui', rootDir: __dirname, environment: 'jsdom' });
