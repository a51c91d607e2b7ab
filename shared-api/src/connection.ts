import { connection, type ApiConnection } from '@usedcars/federation';

export type { ApiConnection };

/** The page's (or, on the render server, the request's) API connection: connect() made it before rendering. */
export function apiConnection(): ApiConnection {
  return connection().api;
}

/** Absolute address of an API path; pictures the API serves come as paths too. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${apiConnection().baseUrl()}${path.startsWith('/') ? '' : '/'}${path}`;
}
