import { config } from 'zod';

/**
 * zod, as every schema here uses it. Without a compiled fast path (`jitless`): zod otherwise
 * probes `new Function`, which the pages' content security policy refuses and reports
 * (docs/operations.md, "Security headers"), and the schemas parse small forms and answers, where
 * the fast path gains nothing anyone notices. (Listed under "sideEffects" in package.json:
 * otherwise a bundler would skip this module and import zod directly.)
 * Imported as a namespace (`import * as z`): a re-exported `z` object keeps every zod module in
 * the bundle, its 40 locales included (docs/performance.md, "zod in the bundles").
 */
config({ jitless: true });

export * from 'zod';
