import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, sessionCookieSchema, sessionViewerSchema, type SessionViewer } from '@usedcars/shared-contract';
import { cookieOf } from '../http/cookies';
import { staticHeaders } from '../http/securityHeaders';

// docs/architecture.md, "The session cookie".

/** A Firebase session cookie is a JWT: anything else (a stray "%", a value of kilobytes) is no session. */
const SESSION_VALUE = /^[\w.-]{1,4096}$/;

export function sessionCookieOf(request: FastifyRequest): string | null {
  const value = cookieOf(request, SESSION_COOKIE);
  return value !== undefined && SESSION_VALUE.test(value) ? value : null;
}

/** A value no session cookie has is cleared with this response. */
export function visitorSessionCookie(request: FastifyRequest, reply: FastifyReply): string | null {
  const cookie = sessionCookieOf(request);
  if (cookie === null && cookieOf(request, SESSION_COOKIE) !== undefined) clearSessionCookie(request, reply);
  return cookie;
}

/** Only a site served over plain http on this machine gets a cookie without Secure (browsers would drop it). */
function isLocalHttp(request: FastifyRequest): boolean {
  return request.protocol === 'http' && ['localhost', '127.0.0.1', '[::1]'].includes(request.hostname.replace(/:\d+$/, ''));
}

function cookieHeader(request: FastifyRequest, value: string, maxAge: number): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; HttpOnly${isLocalHttp(request) ? '' : '; Secure'}; SameSite=Lax`;
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('Set-Cookie', cookieHeader(request, '', 0));
}

/** The API did not say whose session cookie it is (unreachable, too slow, failing): the cookie is neither good nor bad. */
export class SessionLookupFailed extends Error {}

/** null for a cookie the API refuses; SessionLookupFailed keeps a slow API from signing anyone out (docs/architecture.md, "The session cookie"). */
export async function viewerOf(apiUrl: string, cookie: string, signal?: AbortSignal): Promise<SessionViewer | null> {
  let body: unknown;
  try {
    const response = await fetch(`${apiUrl}/auth/session`, { headers: { Accept: 'application/json', Authorization: `Session ${cookie}` }, signal });
    if (response.status === 401) return null;
    if (!response.ok) throw new SessionLookupFailed(`the API responded with ${response.status} about a session`);
    body = await response.json();
  } catch (error) {
    if (error instanceof SessionLookupFailed) throw error;
    throw new SessionLookupFailed(`the API did not say whose session it is: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = sessionViewerSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

async function endSession(apiUrl: string, cookie: string, request: FastifyRequest): Promise<boolean> {
  try {
    const response = await fetch(`${apiUrl}/auth/session`, {
      method: 'DELETE',
      headers: { Authorization: `Session ${cookie}` },
      signal: AbortSignal.timeout(5_000),
    });
    if (response.status === 204 || response.status === 401) return true;
    request.log.warn({ status: response.status }, 'the API did not end a session at Log Out');
  } catch (error) {
    request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'the API could not be asked to end a session at Log Out');
  }
  return false;
}

/** A form of another site cannot send a JSON body without asking first. */
function fromThisSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) return false;
  return request.method === 'DELETE' || /^application\/json\b/i.test(request.headers['content-type'] ?? '');
}

function refuse(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).type('application/json; charset=utf-8').send({ message });
}

export function registerSessionRoutes(app: FastifyInstance, apiUrl: () => string): void {
  app.post('/session', async (request, reply) => {
    reply.headers({ ...staticHeaders(), 'Cache-Control': 'no-store' });
    if (!fromThisSite(request)) return refuse(reply, 403, 'Send the ID token from the site itself, as JSON');
    const idToken = (request.body as { idToken?: unknown } | undefined)?.idToken;
    if (typeof idToken !== 'string' || idToken.length === 0 || idToken.length > 4096) return refuse(reply, 400, 'Send { "idToken": "<Firebase ID token>" }');
    const current = sessionCookieOf(request);
    let response: Response;
    try {
      response = await fetch(`${apiUrl()}/auth/session`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
        body: JSON.stringify(current ? { current } : {}),
      });
    } catch (error) {
      request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'the API could not be asked for a session cookie');
      return refuse(reply, 503, 'The session could not be started right now');
    }
    const parsed = response.ok ? sessionCookieSchema.safeParse(await response.json()) : null;
    if (!parsed?.success) {
      // Refused (an old sign-in, no account): whatever cookie there was no longer stands for this visitor.
      clearSessionCookie(request, reply);
      return refuse(reply, response.ok || response.status >= 500 ? 502 : response.status, 'No session: sign in again');
    }
    reply.header('Set-Cookie', cookieHeader(request, parsed.data.sessionCookie, parsed.data.expiresInSeconds));
    return reply.code(204).send();
  });

  app.delete('/session', async (request, reply) => {
    reply.headers({ ...staticHeaders(), 'Cache-Control': 'no-store' });
    if (!fromThisSite(request)) return refuse(reply, 403, 'Sign out from the site itself');
    const cookie = sessionCookieOf(request);
    clearSessionCookie(request, reply);
    if (cookie && !(await endSession(apiUrl(), cookie, request)))
      return refuse(reply, 502, 'Signed out in this browser only: sign out again to end the session');
    return reply.code(204).send();
  });
}
