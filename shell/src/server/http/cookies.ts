import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseCookie, stringifySetCookie } from 'cookie';

/** Each request's header is parsed once, however many of its cookies are read (again if the header changes). */
const readCookies = new WeakMap<FastifyRequest, { header: string; cookies: Record<string, string | undefined> }>();

/**
 * One cookie of the request, as the `cookie` package reads the header: a value that is not valid
 * percent-encoding comes back as it was sent, never as an error, so no cookie can fail a request.
 */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  let read = readCookies.get(request);
  if (read?.header !== header) {
    read = { header, cookies: parseCookie(header) };
    readCookies.set(request, read);
  }
  return read.cookies[name];
}

/** Clears one of the site's cookies the page may read (path /) with this response. */
export function clearCookie(request: FastifyRequest, reply: FastifyReply, name: string): void {
  reply.header('Set-Cookie', stringifySetCookie({ name, value: '', path: '/', maxAge: 0, sameSite: 'lax', secure: request.protocol === 'https' }));
}
