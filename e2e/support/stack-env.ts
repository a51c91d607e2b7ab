// Imported first by playwright.stack.config.ts: the specs' SITE addresses are then the stack's front doors (site.ts).
process.env.E2E_STACK = '1';
