// A failure here costs only server rendering (docs/architecture.md, "The session cookie").

/** Its first token needs no new cookie. */
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

export function clearSessionCookie(): Promise<void> {
  if (!mayHoldCookie) return Promise.resolve();
  mayHoldCookie = false;
  renderedFor = null;
  return send('DELETE');
}
