import { spawn, type ChildProcess } from 'node:child_process';
import { expect, type APIRequestContext } from '@playwright/test';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT, type Remotes } from './remotes';
import { siteDir } from './site';
import { untilReady } from './until';

/**
 * A second copy of the shell's render server, on a spare port, with remotes.json of its own: a
 * test can point it at a broken remote without touching the site the other specs use, and read
 * what it logs.
 */
export interface RenderServer {
  origin: string;
  /** Everything it has written to its log so far (JSON lines). */
  log: () => string;
  stop: () => Promise<void>;
}

export async function startRenderServer(remotes: Remotes, env: Record<string, string> = {}): Promise<RenderServer> {
  const runtimeDir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-render-'));
  copyFileSync(path.join(siteDir(), 'config.json'), path.join(runtimeDir, 'config.json'));
  writeFileSync(path.join(runtimeDir, 'remotes.json'), JSON.stringify(remotes));
  const port = env.PORT ? Number(env.PORT) : await sparePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'shell', 'dist-server', 'main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SHELL_RUNTIME_DIR: runtimeDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const origin = `http://localhost:${port}`;
  const up = () =>
    fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
  await untilReady(child, up, { what: 'the render server responding on /healthz', timeout: 30_000, output: () => output });
  return {
    origin,
    log: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(runtimeDir, { recursive: true, force: true });
    },
  };
}

/** A free port on this machine, for a server a test starts next. */
export async function sparePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A remote's published folder behind a server that breaks one file on purpose: serves it with
 * a 500, or never responds to it at all, the way a remote's host fails.
 */
export async function serveBroken(
  upstream: Server,
  file: string,
  how: 'error' | 'hang',
): Promise<{ port: number; requests: () => number; stop: () => Promise<void> }> {
  let asked = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if ((request.url ?? '').split('?')[0] === file) {
      asked += 1;
      if (how === 'error') response.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error');
      return; // 'hang': keep the connection open and never respond
    }
    upstream.emit('request', request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests: () => asked,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Waits until the site's render server renders pages itself: it loads the remotes' server builds
 * once, after it starts, and leaves pages to the browser until then. A spec that runs first
 * would otherwise see a page the browser rendered.
 */
export async function renderServerReady(request: APIRequestContext): Promise<void> {
  // Rendered just now (Server-Timing) or earlier and cached (the page cache): either way, by the server.
  const renderedByServer = async () => {
    const headers = (await request.get('/about')).headers();
    return /^render;dur=/.test(headers['server-timing'] ?? '') || ['hit', 'stale'].includes(headers['x-render-cache'] ?? '');
  };
  await expect.poll(renderedByServer, { timeout: 60_000 }).toBe(true);
}
