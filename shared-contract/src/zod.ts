import { config } from 'zod';

// No `new Function` probe for the pages' content security policy (docs/performance.md, "zod in the bundles").
config({ jitless: true });

export * from 'zod';
