import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { expect, test } from '../support/test';
import { newAccount, type SpecAccount } from '../support/accounts';
import { DEMO, SITE } from '../support/site';
import { launcherAlive, startLauncher } from '../support/stack-launcher';
import { ROOT, execute, killPart, prometheus, stack, stackDir, targets } from './stack';

/**
 * Faults the production shape survives with nothing lost (docs/operate-production.md, "Faults"). They run last: the
 * stack ends with one API instance and one render server, and without its object store and its cache; the last one kills
 * its launcher outright and starts `npm run stack` again, which the suite's teardown stops.
 */

const car = (seller: SpecAccount, carName: string) => ({
  carName,
  img: '/images/cars/sedan-blue.svg',
  currentPrice: 21500,
  price: 39900,
  purchaseYear: '2019',
  condition: 'Excellent',
  contact: '+1 415 555 0101',
  details: 'Listed while a server died.',
  location: 'San Francisco, CA',
  used: '4 years',
  sellerName: seller.name,
  time: '2024-05-01',
  categoryName: 'audi',
});

/** Writers listing cars one after another until stopped: every car the API acknowledged (201), and how many were refused or cut, and how. */
function writers(seller: SpecAccount, count: number) {
  const acknowledged: string[] = [];
  const how = new Map<string, number>();
  let failed = 0;
  const fail = (reason: string) => {
    failed += 1;
    how.set(reason, (how.get(reason) ?? 0) + 1);
  };
  let running = true;
  const loops = Array.from({ length: count }, async (_, writer) => {
    for (let n = 0; running; n += 1) {
      try {
        const response = await fetch(`${SITE.api}/audis`, {
          method: 'POST',
          headers: { ...seller.auth, 'content-type': 'application/json' },
          body: JSON.stringify(car(seller, `Fault ${writer}-${n} ${Date.now()}`)),
        });
        if (response.status === 201) acknowledged.push(((await response.json()) as { insertedId: string }).insertedId);
        else fail(`${response.status} ${(await response.text()).slice(0, 80)}`);
      } catch (error) {
        fail(String((error as Error).cause ?? error));
      }
    }
  });
  return {
    acknowledged,
    /** The refusals and cuts, as `503 {"message":…}×3`. */
    how: () => [...how].map(([reason, times]) => `${reason}×${times}`).join('; ') || 'none',
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return failed;
    },
  };
}

/** Every acknowledged car is there afterwards, read through the public address. */
async function allKept(ids: string[]) {
  const missing = [];
  for (const id of ids) if ((await fetch(`${SITE.api}/audis/${id}`)).status !== 200) missing.push(id);
  return missing;
}

/** A load beside the site, as a busy machine has: one process spinning per core for `seconds`. Stops by itself. */
function loadBeside(seconds: number) {
  const spinners = os
    .cpus()
    .map(() => spawn(process.execPath, ['-e', `const end = Date.now() + ${seconds * 1000}; while (Date.now() < end);`], { stdio: 'ignore' }));
  return () => spinners.forEach((spinner) => spinner.kill());
}

/** Non-2xx responses by status, as `503×12, 502×1`. */
/** An autocannon run, telling of each response it gets as it goes: its result. */
function crowd(options: autocannon.Options, responded: () => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result))).on('response', responded);
  });
}

const statuses = (result: autocannon.Result) =>
  Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${code}×${count}`)
    .join(', ') || 'none';

test('a crowd of 50 connections for 20 s beside a load on every core: one API instance and one render server killed, no read fails and every acknowledged write is kept', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const seller = await newAccount(request, 'Seller');
  const cars = (await (await fetch(`${SITE.api}/hondas?limit=8`)).json()) as { _id: string }[];
  // The balancer's and the cache's checks must not take the busy survivors out (docs/operate-production.md, "Health checks").
  const stopLoad = loadBeside(22);
  const writes = writers(seller, 2);
  // Pages (half of them past the cache, rendered for each request) and the API's lists.
  let served = 0;
  const pages = crowd(
    {
      url: SITE.shell.replace('localhost', '127.0.0.1'),
      connections: 40,
      duration: 20,
      requests: [
        { method: 'GET', path: '/hondas' },
        { method: 'GET', setupRequest: (req) => ({ ...req, path: `/hondas/${cars[Math.floor(Math.random() * cars.length)]!._id}?crowd=${Math.random()}` }) },
      ],
    },
    () => (served += 1),
  );
  const lists = crowd({ url: SITE.api, connections: 8, duration: 20, requests: [{ method: 'GET', path: '/hondas?limit=8' }] }, () => (served += 1));
  // Each part killed once the crowd has had another 200 responses: mid-crowd, however fast the machine serves it.
  const crowdServed = (atLeast: number, before: string) =>
    expect.poll(() => served, { message: `the crowd served ${atLeast} responses before ${before}`, timeout: 20_000 }).toBeGreaterThanOrEqual(atLeast);
  await crowdServed(200, 'api-1 is killed');
  killPart('api-1');
  await crowdServed(served + 200, 'render-1 is killed');
  killPart('render-1');
  const [pagesResult, listsResult] = await Promise.all([pages, lists]);
  stopLoad();
  const writeFailures = await writes.stop();
  const reads = pagesResult.requests.total + listsResult.requests.total;
  const total = reads + writes.acknowledged.length + writeFailures;
  const failures = pagesResult.errors + pagesResult.non2xx + pagesResult.timeouts + listsResult.errors + listsResult.non2xx + listsResult.timeouts;
  console.log(
    `crowd: ${total} requests, ${failures} reads failed, ${writes.acknowledged.length} writes acknowledged, ${writeFailures} writes refused or cut (${writes.how()}); ` +
      `pages p99 ${pagesResult.latency.p99} ms (failed: ${statuses(pagesResult)}, ${pagesResult.errors} errors, ${pagesResult.timeouts} timeouts), ` +
      `lists p99 ${listsResult.latency.p99} ms (failed: ${statuses(listsResult)}, ${listsResult.errors} errors, ${listsResult.timeouts} timeouts); ` +
      `load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  expect(reads).toBeGreaterThan(1_000);
  // Reads are retried by the balancer; a write caught in the dead instance is told so (never sent twice: it may have been
  // done), so at most one per writer, the one it had in flight.
  expect(failures / reads).toBeLessThanOrEqual(0.001);
  expect(writeFailures).toBeLessThanOrEqual(2);
  expect(writes.acknowledged.length).toBeGreaterThan(10);
  expect(await allKept(writes.acknowledged)).toEqual([]);
});

test('the API instance and render server the crowd killed: Prometheus sees them down, PartDown fires, is mailed to the admins and told in the terminal', async () => {
  test.setTimeout(180_000);
  const { ports, launcher } = stack();
  const dead = [`127.0.0.1:${ports.api1}`, `127.0.0.1:${ports.render1}`];
  await expect
    .poll(async () => (await targets()).filter((target) => dead.includes(target.labels.instance) && target.health === 'down').length, { timeout: 30_000 })
    .toBe(2);
  const firing = async () =>
    ((await (await fetch(`${prometheus()}/api/v1/alerts`)).json()) as { data: { alerts: { labels: Record<string, string>; state: string }[] } }).data.alerts
      .filter((alert) => alert.labels.alertname === 'PartDown' && alert.state === 'firing')
      .map((alert) => alert.labels.instance)
      .sort();
  // Down for its `for` (30 s), then evaluated: within a minute or so.
  await expect.poll(firing, { timeout: 120_000, intervals: [2_000] }).toEqual([...dead].sort());
  const mails = () =>
    readdirSync(path.join(stackDir(), 'stack', 'mail')).map(
      (file) => JSON.parse(readFileSync(path.join(stackDir(), 'stack', 'mail', file), 'utf8')) as { to: string[]; subject: string; text: string },
    );
  await expect
    .poll(
      () =>
        mails()
          .filter((mail) => mail.to.includes(DEMO.admin) && /PartDown/.test(mail.subject))
          .map((mail) => mail.text)
          .join('\n'),
      { timeout: 60_000 },
    )
    .toMatch(new RegExp(`FIRING: PartDown: api at ${dead[0]!.replace(/[.]/g, '\\.')} does not respond to its scrape`));
  expect(readFileSync(launcher.log, 'utf8')).toMatch(new RegExp(`^\\[alert\\] firing: PartDown \\(${dead[0]!.replace(/[.]/g, '\\.')}\\)`, 'm'));
});

test('PostgreSQL restarted under writes: every acknowledged write kept, and the change stream and the caches resume', async ({ request }) => {
  test.setTimeout(120_000);
  const seller = await newAccount(request, 'Seller');
  const writes = writers(seller, 3);
  const acknowledged = (atLeast: number, when: string) =>
    expect.poll(() => writes.acknowledged.length, { message: `${atLeast} writes acknowledged ${when}`, timeout: 60_000 }).toBeGreaterThanOrEqual(atLeast);
  await acknowledged(5, 'before the restart');
  // As a crash: immediate mode, the server recovers from its log on start.
  await execute('bash', [path.join(ROOT, 'scripts', 'pg-throwaway.sh'), 'restart', String(stack().ports.postgres)]);
  await acknowledged(writes.acknowledged.length + 6, 'after the restart');
  const failed = await writes.stop();
  console.log(
    `restart: ${writes.acknowledged.length} writes acknowledged, ${failed} refused while the database was away; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  expect(writes.acknowledged.length).toBeGreaterThan(10);
  expect(await allKept(writes.acknowledged)).toEqual([]);
  // The render servers hear writes again, and the cache in front is purged: a new price shows through the public address.
  const carPage = `${SITE.shell}/audis/${writes.acknowledged.at(-1)}`;
  await expect.poll(async () => (await request.get(carPage)).headers()['x-cache'], { timeout: 20_000 }).toBe('HIT');
  const edited = await request.patch(`${SITE.api}/audis/${writes.acknowledged.at(-1)}`, { headers: seller.auth, data: { currentPrice: 16789 } });
  expect(edited.status()).toBe(200);
  await expect.poll(async () => (await request.get(carPage)).text(), { timeout: 5_000, intervals: [100] }).toMatch(/16,789/);
});

test('the object store down: an upload is refused with a clear message and nothing half-written, and pages still render', async ({ request }) => {
  const seller = await newAccount(request, 'Seller');
  const created = await request.post(`${SITE.api}/audis`, { headers: seller.auth, data: car(seller, `No store ${Date.now()}`) });
  const carId = ((await created.json()) as { insertedId: string }).insertedId;
  killPart('s3');
  const picture = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#a03060' } })
    .jpeg()
    .toBuffer();
  const upload = await request.post(`${SITE.api}/audis/${carId}/photos`, {
    headers: seller.auth,
    multipart: { photo: { name: 'car.jpg', mimeType: 'image/jpeg', buffer: picture } },
  });
  expect(upload.status()).toBe(503);
  expect(((await upload.json()) as { message: string }).message).toMatch(/photo storage cannot be reached right now, so nothing was saved/);
  expect(((await (await request.get(`${SITE.api}/audis/${carId}`)).json()) as { photos?: unknown[] }).photos ?? []).toEqual([]);
  const page = await request.get(`${SITE.shell}/audis/${carId}`);
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain('No store');
});

test('the cache down: the balancer sends pages to the render server directly', async ({ request }) => {
  killPart('cache');
  // A keep-alive connection the dead cache held is closed to its client, as a server's own close would be: a browser sends again.
  await expect
    .poll(async () => {
      const response = await request.get(`${SITE.shell}/hondas`, { maxRetries: 1 });
      return [response.status(), response.headers()['x-cache'] ?? 'from the render server'];
    })
    .toEqual([200, 'from the render server']);
});

test('a part killed by its printed pid, a PostgreSQL restart, then the launcher killed outright: all told in its terminal, and `npm run stack` starts clean', async () => {
  test.setTimeout(420_000);
  const before = stack();
  const printed = () => readFileSync(before.launcher.log, 'utf8');
  // The pid the launcher printed is the server's own (no tsx wrapper): killing it stops the API instance, and the terminal says so.
  const api2 = before.parts.find((part) => part.name === 'api-2')!;
  process.kill(api2.pid, 'SIGKILL');
  await expect.poll(printed, { timeout: 20_000 }).toMatch(/^\[api-2\] the .* was killed by SIGKILL; the site is not whole/m);
  await expect(fetch(`${api2.address}/health`)).rejects.toThrow();
  await expect.poll(printed, { timeout: 20_000 }).toMatch(/^\[balancer\] Server api\/api-2 is DOWN/m);

  // The restart is told (an earlier test may have restarted it too: the last line is this one's).
  const restarts = () => [...printed().matchAll(/^\[postgres\] PostgreSQL restarted \(pid \d+ → (\d+)\)/gm)].map((line) => Number(line[1]));
  const restartsBefore = restarts().length;
  await execute('bash', [path.join(ROOT, 'scripts', 'pg-throwaway.sh'), 'restart', String(before.ports.postgres)]);
  await expect.poll(() => restarts().length, { timeout: 20_000 }).toBe(restartsBefore + 1);
  const postgres = restarts().at(-1);

  process.kill(before.launcher.pid, 'SIGKILL');
  await expect.poll(() => launcherAlive(before.launcher.pid)).toBe(false);
  const again = await startLauncher(stackDir());
  const told = readFileSync(again.launcher.log, 'utf8');
  expect(told).toMatch(/An earlier run .*ended without stopping its parts/);
  expect(told).toContain(`postgres: pid ${postgres}`);
  expect(told).not.toMatch(/is in use/);
  expect((await fetch(`${SITE.shell}/about`)).status).toBe(200);
  expect((await fetch(`${SITE.api}/hondas?limit=1`)).status).toBe(200);
});
