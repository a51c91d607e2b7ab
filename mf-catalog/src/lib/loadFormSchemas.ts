/**
 * The catalog's form schemas, fetched when a form opens rather than with its screen: they bring
 * zod, about 90 KB the brand list and a car's page do not need to appear (docs/performance.md,
 * "zod in the bundles").
 */
export const loadFormSchemas = () => import(/* webpackChunkName: "form-schemas" */ './formSchemas');

/** Shown when the schemas could not be fetched (the connection dropped): nothing was sent. */
export const FORM_UNCHECKED = 'This form could not be checked. Check your connection and try again.';
