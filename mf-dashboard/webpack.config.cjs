const federatedConfig = require('../tooling/webpack.cjs');

module.exports = federatedConfig({
  dir: __dirname,
  name: 'dashboard',
  port: Number(process.env.DASHBOARD_PORT ?? 3002),
  exposes: {
    './DashboardLayout': './src/exposed/DashboardLayout.tsx',
    './DashboardHome': './src/exposed/DashboardHome.tsx',
    './AddProductPage': './src/exposed/AddProductPage.tsx',
    './MyProductPage': './src/exposed/MyProductPage.tsx',
    './MyBuyersPage': './src/exposed/MyBuyersPage.tsx',
  },
});
