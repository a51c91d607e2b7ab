import { connection, type ApiConnection } from '@usedcars/federation';

export type { ApiConnection };

export function apiConnection(): ApiConnection {
  return connection().api;
}

export function apiUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${apiConnection().baseUrl()}${path.startsWith('/') ? '' : '/'}${path}`;
}
