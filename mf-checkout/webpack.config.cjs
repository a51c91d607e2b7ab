const federatedConfig = require('../tooling/webpack.cjs');

module.exports = federatedConfig({
  dir: __dirname,
  name: 'checkout',
  port: Number(process.env.CHECKOUT_PORT ?? 3003),
  exposes: {
    './BookingDialog': './src/exposed/BookingDialog.tsx',
    './PaymentPage': './src/exposed/PaymentPage.tsx',
  },
});
