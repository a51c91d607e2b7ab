// Only the network's far end is the test's (docs/how-to.md, "Front-end tests through the API client").
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from '@usedcars/federation';
import { readRuntimeConfig } from '@usedcars/federation/config';
import { runtimeRegistry } from '@usedcars/federation/runtime';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SentRequest {
  method: string;
  path: string;
  /** The query string's pairs (the last of a repeated name). */
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface FakeResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as it is instead of a JSON body (an event stream). */
  text?: string;
}

export const HANG_UP = 'hang up';

export type Responder = (request: SentRequest) => FakeResponse | typeof HANG_UP | Promise<FakeResponse | typeof HANG_UP>;

export const NO_RESPONSE: Responder = () => new Promise<FakeResponse>(() => undefined);

export interface FakeApi {
  /** Known once the file's tests start. */
  readonly base: string;
  token: string;
  /** Until the test ends; `path` without its query. */
  reply(method: Method, path: string, status: number, body?: unknown, headers?: Record<string, string>): void;
  reply(method: Method, path: string, responder: Responder): void;
  /** Preflights left out. */
  readonly requests: SentRequest[];
  sent(method: Method, path: string): SentRequest[];
  /** Each got a 404. */
  readonly undeclared: SentRequest[];
}

export const FAKE_TOKEN = 'access-token-of-the-test';

async function read(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function cors(request: IncomingMessage): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
    'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? 'Authorization, Accept, Content-Type',
    'Access-Control-Expose-Headers': '*',
  };
}

/** Call once, at the top of a test file: it registers the file's jest hooks. */
export function fakeApi(): FakeApi {
  let server: Server;
  let base = '';
  const routes = new Map<string, Responder>();
  const api: FakeApi & { requests: SentRequest[]; undeclared: SentRequest[] } = {
    get base() {
      return base;
    },
    token: FAKE_TOKEN,
    requests: [],
    undeclared: [],
    reply(method: Method, path: string, respondWith: number | Responder, body?: unknown, headers?: Record<string, string>) {
      routes.set(`${method} ${path}`, typeof respondWith === 'function' ? respondWith : () => ({ status: respondWith, body, headers }));
    },
    sent: (method, path) => api.requests.filter((request) => request.method === method && request.path === path),
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors(request)).end();
    const url = new URL(request.url ?? '/', base);
    const sent: SentRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body: await read(request),
    };
    api.requests.push(sent);
    const responder = routes.get(`${sent.method} ${sent.path}`);
    if (!responder) api.undeclared.push(sent);
    const result = responder ? await responder(sent) : { status: 404, body: { message: `No route ${sent.method} ${sent.path}` } };
    if (result === HANG_UP) return void request.socket.destroy();
    const headers = { ...cors(request), ...(result.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...result.headers };
    response.writeHead(result.status, headers).end(result.text ?? (result.body === undefined ? undefined : JSON.stringify(result.body)));
  }

  beforeAll(async () => {
    server = createServer((request, response) => void handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    api.token = FAKE_TOKEN;
    connect({
      config: readRuntimeConfig({ apiUrl: base }),
      session: { accessToken: () => api.token, refreshAccessToken: async () => null },
      registry: runtimeRegistry(),
    });
  });
  afterEach(() => {
    routes.clear();
    api.requests.length = 0;
    api.undeclared.length = 0;
  });
  afterAll(() => {
    // A request a test left waiting (a screen's loading state) must not hold the file open.
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return api;
}
