import { apiConnection, apiUrl } from './connection';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Offline, server down, or CORS refused. */
export class ApiUnreachableError extends Error {
  constructor(cause?: unknown) {
    super('We could not reach the Used Cars server. Check your connection and try again.', { cause });
    this.name = 'ApiUnreachableError';
  }
}

type Auth = 'access' | 'none' | { idToken: string };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A list repeats its parameter (`fuel=diesel&fuel=hybrid`), as the API reads a facet's options. */
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined | null>;
  body?: unknown;
  /** 'access': the stored access token (refreshed once on 401); { idToken }: an identity token. */
  auth?: Auth;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/** For requests `request` cannot make, such as uploads. */
export function storedAccessToken(): string | null {
  return apiConnection().accessToken();
}

export async function refreshedAccessToken(rejected: string | null): Promise<string | null> {
  return tokenAfter401(rejected);
}

async function tokenAfter401(rejected: string | null): Promise<string | null> {
  // A 401 that arrives after another call already refreshed: the new token is the fix.
  const stored = apiConnection().accessToken();
  if (stored && stored !== rejected) return stored;
  return apiConnection().refreshAccessToken();
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = new URL(apiUrl(path));
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, String(item));
    else if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  // The render server reads as the visitor through their session cookie; the API takes it on reads only.
  else if ((options.method ?? 'GET') === 'GET' && options.auth !== 'none') {
    const credential = apiConnection().readCredential?.();
    if (credential) headers.Authorization = credential;
  }
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiUnreachableError(error);
  }
}

export async function requestWithHeaders<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const auth = options.auth ?? 'access';
  const token = auth === 'none' ? null : auth === 'access' ? apiConnection().accessToken() : auth.idToken;
  let response = await send(path, options, token);
  // Once only: a 401 with the fresh token means the refusal is not about the token's age.
  if (response.status === 401 && auth === 'access') {
    const fresh = await tokenAfter401(token);
    if (fresh) response = await send(path, options, fresh);
  }
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!response.ok) {
    const message =
      body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
        ? (body as { message: string }).message
        : `The server responded with ${response.status} ${response.statusText}`.trim();
    throw new ApiError(message, response.status, body);
  }
  return { data: body as T, headers: response.headers };
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestWithHeaders<T>(path, options)).data;
}
