const federatedConfig = require('../tooling/webpack.cjs');

module.exports = federatedConfig({
  dir: __dirname,
  name: 'catalog',
  port: Number(process.env.CATALOG_PORT ?? 3001),
  exposes: {
    './HomePage': './src/exposed/HomePage.tsx',
    './AboutPage': './src/exposed/AboutPage.tsx',
    './BlogsPage': './src/exposed/BlogsPage.tsx',
    './BrandListPage': './src/exposed/BrandListPage.tsx',
    './CarDetailPage': './src/exposed/CarDetailPage.tsx',
  },
});
