/**
 * Keeps the render server's session cookie in step with the sign-in (docs/architecture.md, "The
 * session cookie"): each new ID token is posted to the page's own origin, which sets the cookie;
 * a sign-out clears it. The cookie lets the server render this person's pages, nothing more, so
 * a failure here costs only server rendering (a page without a render server answers 404).
 */

/** The account the page was rendered for: its first token needs no new cookie. */
let renderedFor: string | null = null;
let mayHoldCookie = false;

export function sessionRenderedFor(uid: string): void {
  renderedFor = uid;
  mayHoldCookie = true;
}

function send(method: 'POST' | 'DELETE', body?: unknown): Promise<void> {
  if (typeof fetch !== 'function' || typeof location === 'undefined' || !/^https?:$/.test(location.protocol)) return Promise.resolve();
  return fetch('/session', {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(
    () => undefined,
    () => undefined,
  );
}

/** A new ID token: the cookie is made (or renewed) from it. */
export function followToken(token: { idToken: string; uid: string } | null): Promise<void> {
  if (!token) return clearSessionCookie();
  const { idToken, uid } = token;
  if (uid === renderedFor) {
    // The page's own cookie is current; later tokens (the hourly refresh) renew it.
    renderedFor = null;
    return Promise.resolve();
  }
  renderedFor = null;
  mayHoldCookie = true;
  return send('POST', { idToken });
}

/** Signed out: the server renders this browser's pages for nobody again. */
export function clearSessionCookie(): Promise<void> {
  if (!mayHoldCookie) return Promise.resolve();
  mayHoldCookie = false;
  renderedFor = null;
  return send('DELETE');
}
