/**
 * The admin's form schemas, fetched when a form is focused or a dialog opens rather than with the
 * screen: they bring zod, whose evaluation was the Releases screen's longest task before its
 * first render (docs/performance.md, "The Releases screen").
 */
export const loadFormSchemas = () => import(/* webpackChunkName: "form-schemas" */ './formSchemas');

/** Fetched ahead, so the submit that follows finds them; a failure is told at that submit. */
export const preloadFormSchemas = () => void loadFormSchemas().catch(() => undefined);

/** Shown when the schemas could not be fetched (the connection dropped): nothing was sent. */
export const FORM_UNCHECKED = 'This form could not be checked. Check your connection and try again.';
