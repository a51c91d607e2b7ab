/** The preview links this browser opened (docs/releases.md, "Previews"), kept by the render server only. */
export const RELEASE_PREVIEW_COOKIE = 'release_preview';
/** The query parameter a preview link's address carries. */
export const PREVIEW_PARAM = 'preview';
