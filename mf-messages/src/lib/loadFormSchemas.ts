/** The forms' schemas, fetched when a form is sent: zod stays out of the screens' own code (docs/performance.md, "zod in the bundles"). */
export const loadFormSchemas = () => import(/* webpackChunkName: "form-schemas" */ './formSchemas');

/** Shown when the schemas could not be fetched (the connection dropped): nothing was sent. */
export const FORM_UNCHECKED = 'This message could not be checked. Check your connection and try again.';
