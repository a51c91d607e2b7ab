// Imported first by playwright.stack.config.ts: the specs' SITE addresses are then the stack's public addresses (site.ts).
process.env.E2E_STACK = '1';
