/** `npx jest` at the top runs every package's suite (the browser suite lives in e2e/, run by Playwright). */
module.exports = {
  projects: [
    '<rootDir>/shared-contract',
    '<rootDir>/federation',
    '<rootDir>/shared-ui',
    '<rootDir>/shared-api',
    '<rootDir>/shared-auth',
    '<rootDir>/shell',
    '<rootDir>/mf-catalog',
    '<rootDir>/mf-dashboard',
    '<rootDir>/mf-checkout',
    '<rootDir>/mf-messages',
    '<rootDir>/api',
  ],
};
