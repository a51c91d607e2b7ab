// Pipelines: shell
import { request as httpRequest } from 'node:http';
import { expect, test } from '../support/test';
import { readRemotes } from '../support/remotes';
import { startRenderServer } from '../support/renderServer';

/** One request on a connection of its own, so the cluster hands each to whichever worker is next. */
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { agent: false, headers: { Connection: 'close' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.setTimeout(10_000, () => request.destroy(new Error(`no response from ${url} within 10 s`)));
    request.on('error', reject);
    request.end();
  });
}

const workerOf = async (origin: string) => (JSON.parse((await get(`${origin}/healthz`)).body) as { worker: number }).worker;

test('RENDER_WORKERS runs that many render workers; a killed one is replaced while requests keep getting 200s', async () => {
  // A fresh worker's first render loads the remotes' server code: on a busy machine that can pass the
  // 300 ms budget, and what is tested here is the supervision, not the budget.
  const server = await startRenderServer(readRemotes(), { RENDER_WORKERS: '2', SSR_BUDGET_MS: '5000' });
  try {
    const seen = new Set<number>();
    await expect.poll(async () => seen.add(await workerOf(server.origin)).size).toBe(2);
    const [victim] = [...seen];
    process.kill(victim!, 'SIGKILL');

    for (let i = 0; i < 20; i += 1) {
      const home = await get(`${server.origin}/`).catch((error: Error) => {
        throw new Error(`request ${i + 1} after the kill: ${error.message}\n${server.log()}`);
      });
      expect(home.status).toBe(200);
      expect(home.body).toContain('data-server-rendered');
    }
    const after = new Set<number>();
    await expect.poll(async () => after.add(await workerOf(server.origin)).size).toBe(2);
    expect(after.has(victim!)).toBe(false);
    expect(server.log()).toContain(`render worker ${victim} ended (SIGKILL); starting another`);
  } finally {
    await server.stop();
  }
});
