import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, SITE } from '../support/site';
import { type RunningStack, STACK_PARTS_FILE } from '../support/stack-launcher';

/** The suite's folder: the running stack's parts, its launcher's output, its data (support/stack-setup.ts). */
export function stackDir(): string {
  const dir = process.env.E2E_STACK_DIR;
  if (!dir) throw new Error('E2E_STACK_DIR is set by the stack setup');
  return dir;
}

/** The running stack as its launcher printed it (support/stack-launcher.ts). */
export function stack(): RunningStack {
  return JSON.parse(readFileSync(path.join(stackDir(), STACK_PARTS_FILE), 'utf8'));
}

export const ROOT = path.resolve(__dirname, '..', '..');
/** The files' public address (the remotes' builds and the bucket), on the API's host name. */
export const filesAddress = () => `http://127.0.0.1:${stack().ports.filesFrontend}`;
export const copy = (name: 'api-1' | 'api-2') => stack().parts.find((part) => part.name === name)!.address;

/** Kills a part's whole process group at once, as a machine that dies. */
export function killPart(name: string): void {
  const part = stack().parts.find((entry) => entry.name === name);
  if (!part) throw new Error(`no part ${name}`);
  process.kill(-part.group, 'SIGKILL');
}

export const execute = promisify(execFile);

/** An access token for a demo account, signed in with the emulator as the site does. */
export async function demoToken(who: keyof typeof DEMO): Promise<{ Authorization: string }> {
  const signIn = await fetch(`${SITE.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO[who], password: DEMO_PASSWORD, returnSecureToken: true }),
  });
  expect(signIn.ok).toBe(true);
  const { idToken } = (await signIn.json()) as { idToken: string };
  const jwt = await fetch(`${SITE.api}/jwt?email=${encodeURIComponent(DEMO[who])}`, { headers: { Authorization: `Bearer ${idToken}` } });
  expect(jwt.ok).toBe(true);
  return { Authorization: `Bearer ${((await jwt.json()) as { accessToken: string }).accessToken}` };
}

/** The catalog manifest a page was rendered with, from its boot data. */
export function bootCatalog(html: string): string | undefined {
  const boot = /<script[^>]*id="usedcars-boot"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
  return boot ? (JSON.parse(boot) as { remotes: Record<string, string> }).remotes.catalog : undefined;
}

/** A command to the balancer's runtime API (its admin socket, scripts/stack/edge.mjs), as an operator sends it; returns its reply. */
export function balancer(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(path.join(stack().siteDir, 'edge', 'haproxy.sock'));
    let reply = '';
    socket.on('connect', () => socket.end(`${command}\n`));
    socket.on('data', (chunk) => (reply += chunk.toString()));
    socket.on('end', () => resolve(reply.trim()));
    socket.on('error', reject);
  });
}

export interface FromNetwork {
  /** One request: its status, headers and body. */
  request: (
    url: string,
    options?: { method?: string; headers?: Record<string, string> },
  ) => Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>;
  /** A server-sent event stream held open: its status (200 when it was let in) and how to hang up. */
  listen: (url: string) => Promise<{ status: number; close: () => void }>;
  close: () => void;
}

/** A visitor on another network (127.0.0.2, 127.0.0.3, …): requests on connections sent from that address. */
export function fromNetwork(localAddress: string): FromNetwork {
  const agent = new Agent({ keepAlive: true, maxSockets: 16, localAddress });
  return {
    request: (url, { method = 'GET', headers = {} } = {}) =>
      new Promise((resolve, reject) => {
        const sent = httpRequest(url, { method, headers, agent }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
        });
        sent.on('error', reject);
        sent.end();
      }),
    listen: (url) =>
      new Promise((resolve, reject) => {
        const sent = httpRequest(url, { headers: { accept: 'text/event-stream' }, agent: false, localAddress }, (response) => {
          if (response.statusCode !== 200) response.resume();
          resolve({ status: response.statusCode!, close: () => sent.destroy() });
        });
        sent.on('error', reject);
        sent.end();
      }),
    close: () => agent.destroy(),
  };
}

/** Prometheus of the stack (docs/operate-production.md, "Monitoring"). */
export const prometheus = () => `http://127.0.0.1:${stack().ports.prometheus}`;

interface Target {
  labels: { job: string; instance: string };
  health: 'up' | 'down' | 'unknown';
  lastError: string;
}

export async function targets(): Promise<Target[]> {
  return ((await (await fetch(`${prometheus()}/api/v1/targets`)).json()) as { data: { activeTargets: Target[] } }).data.activeTargets;
}
