/**
 * What there must be exactly one of per page (and per server-drawn request): the registry the
 * shell loads remotes through, the screens whose server markup the page is keeping, the request's
 * head, and the API connection the session hands over. It lives here, in a package shared as a
 * singleton, because shared-ui and shared-api are shared by version: a remote built against a
 * newer one brings its own copy, and a copy must still find the page's state
 * (docs/sharing-and-releases.md).
 *
 * Within a major version this package only grows: a remote may run against an older copy of the
 * same major.
 */
export { setRemoteRegistry, ensureRemoteRegistered, forgetRemoteRegistration } from './remoteRegistry';
export { keepServerMarkupOf, releaseServerMarkup, isServerMarkupKept } from './serverMarkup';
export { ServerHeadContext, type ServerHead, type PreloadImage } from './serverHead';
export { setApiConnection, currentApiConnection, type ApiConnection } from './apiConnection';
