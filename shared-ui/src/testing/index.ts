// Test helpers shared by the front ends' jsdom suites; never imported by a screen.
export * from './sellerText';
export * from './fixtures';
