import { and, eq, like } from 'drizzle-orm';
import type { ErrorGroup, TelemetryEvent, TelemetrySummary } from '@usedcars/shared-contract/telemetry';
import { releases as registry, telemetryErrorGroups } from '../../db/schema';
import { type Account, DRIVERS, RENDER_SERVER_TOKEN, TEST_CONFIG, TestApi, beacon, createTestDatabase, pageToken, rendererReport } from '../../../test/helpers';

const LIVE = '1.0.0-aaaaaaaaaa';
const CANARY = '1.1.0-bbbbbbbbbb';
const FILES = 'http://127.0.0.1:5000/release-files';
type Words = { message?: string; frames?: Array<{ file: string; line: number; column: number; fn?: string }> };
type Kind = 'boundary' | 'load' | 'unhandled' | 'rejection';

const pageError = (release: string, words: Words, kind: Kind = 'boundary', remote = 'catalog'): TelemetryEvent => ({
  type: 'error',
  kind,
  ...words,
  screen: `${remote}/CarDetailPage`,
  remote,
  release,
});
/** A frame of the release's chunk, with its content hash and a query as a page may see them. */
const chunkFrame = (release: string, hash: string, fn = 'CarDetailPage') => ({
  file: `${FILES}/catalog/${release}/static/js/async/812.${hash}.js?v=${hash}`,
  line: 1,
  column: 4521,
  fn,
});

describe.each(DRIVERS)('errors grouped per release (%s)', (driver) => {
  let now = new Date('2026-11-25T10:00:30Z');
  let api: TestApi;
  let admin: Account;
  beforeAll(async () => {
    const config = { ...TEST_CONFIG, telemetry: { retentionDays: 14, batchesPerMinute: 1_000, flushMs: 60_000, serverToken: RENDER_SERVER_TOKEN } };
    api = await new TestApi(await createTestDatabase(driver), { config, clock: () => now }).start();
    admin = await api.account('admin');
    const release = { remote: 'catalog', releasedBy: admin.email, preflight: 'passed' };
    await api.db.insert(registry).values([
      { ...release, version: LIVE, manifestUrl: `${FILES}/catalog/${LIVE}/mf-manifest.json`, status: 'live' },
      { ...release, version: CANARY, manifestUrl: `${FILES}/catalog/${CANARY}/mf-manifest.json`, status: 'canary', share: 50 },
    ]);
    for (const version of [LIVE, CANARY]) await rendererReport(api, [{ type: 'served', remote: 'catalog', release: version, count: 100 }]);
  });
  afterAll(() => api.stop());

  const page = (release: string, remote = 'catalog') => pageToken({ releases: { [remote]: release }, at: now.getTime() });
  const groupsOf = async (release: string, remote = 'catalog'): Promise<ErrorGroup[]> => {
    const response = await api.inject({ method: 'GET', url: `/telemetry/summary?remote=${remote}`, headers: admin.auth });
    expect(response.statusCode).toBe(200);
    return response.json<TelemetrySummary>().releases.find((entry) => entry.release === release)?.errorGroups ?? [];
  };

  it('makes one group of the same error whatever its ids, numbers, addresses and quoted values; another function or kind is another', async () => {
    const first = {
      message: 'Car 3f2a9c81-aaaa-4bbb-8ccc-123456789abc not found at https://api.example.com/audis/3f2a9c81-aaaa-4bbb-8ccc-123456789abc (status 404, "price")',
      frames: [chunkFrame(CANARY, '4f3a2b1c'), { file: `${FILES}/catalog/${CANARY}/static/js/main.0badc0de.js`, line: 2, column: 90 }],
    };
    expect((await beacon(api, page(CANARY), [pageError(CANARY, first)])).json()).toEqual({ accepted: 1, dropped: 0 });
    const firstSeen = now.toISOString();
    now = new Date(now.getTime() + 2 * 60_000);
    const alike = [
      {
        message: 'Car 0b7e5d11-1111-4222-8333-444455556666 not found at https://cdn.example.org/x?id=7 (status 500, "name")',
        frames: [chunkFrame(CANARY, '9e8d7c6b')],
      },
      {
        message: "Car Xy7kP0aQ9zLm3Tb8Rw2Nc5Vd1Ef4 not found at http://localhost:5000/hondas/12 (status 502, 'year')",
        frames: [chunkFrame(CANARY, '00aa11bb')],
      },
    ];
    const otherFunction = { ...alike[0], frames: [chunkFrame(CANARY, '4f3a2b1c', 'BrandListPage')] };
    const events = [...alike.map((words) => pageError(CANARY, words)), pageError(CANARY, otherFunction), pageError(CANARY, alike[0]!, 'unhandled')];
    expect((await beacon(api, page(CANARY), events)).json()).toEqual({ accepted: 4, dropped: 0 });

    const groups = await groupsOf(CANARY);
    expect(groups.map((group) => [group.kind, group.count])).toEqual([
      ['boundary', 3],
      ['boundary', 1],
      ['unhandled', 1],
    ]);
    expect(groups[0]).toEqual({
      fingerprint: expect.stringMatching(/^[\w-]{16}$/),
      kind: 'boundary',
      message: first.message,
      screen: 'catalog/CarDetailPage',
      count: 3,
      // The first page's network and the second's.
      networks: 2,
      firstSeen,
      lastSeen: now.toISOString(),
      frames: first.frames,
    });
    expect(groups[1]!.frames[0]!.fn).toBe('BrandListPage');
    expect(new Set(groups.map((group) => group.fingerprint)).size).toBe(3);

    // The same error in another release is its own group there, under the same fingerprint.
    expect((await beacon(api, page(LIVE), [pageError(LIVE, { ...alike[1], frames: [chunkFrame(LIVE, '12345678')] })])).json()).toEqual({
      accepted: 1,
      dropped: 0,
    });
    const [live] = await groupsOf(LIVE);
    expect(live).toMatchObject({ fingerprint: groups[0]!.fingerprint, count: 1 });
  });

  it("counts no more errors than a page token's allowance, nor than the pages served with the release allow", async () => {
    const words = { message: 'Price is NaN', frames: [chunkFrame(CANARY, '4f3a2b1c', 'formatPrice')] };
    const token = page(CANARY);
    const batch = Array.from({ length: 10 }, () => pageError(CANARY, words));
    expect((await beacon(api, token, batch)).json()).toEqual({ accepted: 5, dropped: 5 });
    expect((await beacon(api, token, batch)).json()).toEqual({ accepted: 0, dropped: 10 });
    expect((await groupsOf(CANARY)).find((group) => group.message === 'Price is NaN')?.count).toBe(5);

    // One page of the baseline set's build served: three pages' tokens (replayed to three API instances, say) count 5 errors at most.
    await rendererReport(api, [{ type: 'served', remote: 'checkout', release: '0.1.0', count: 1 }]);
    const baselineSetPage = () => pageToken({ releases: { checkout: '0.1.0' }, baselineSet: ['checkout'], at: now.getTime() });
    for (let i = 0; i < 3; i += 1) {
      const response = await beacon(
        api,
        baselineSetPage(),
        Array.from({ length: 5 }, () => pageError('0.1.0', words, 'rejection', 'checkout')),
      );
      expect(response.json()).toEqual({ accepted: 5, dropped: 0 });
    }
    expect((await groupsOf('0.1.0', 'checkout')).map((group) => group.count)).toEqual([5]);
  });

  it('refuses words past their bounds and anything that is not a frame with a 400, and trims a message', async () => {
    const send = (words: Record<string, unknown>) => beacon(api, page(CANARY), [{ ...pageError(CANARY, {}), ...words } as TelemetryEvent]);
    const frame = chunkFrame(CANARY, '4f3a2b1c');
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ message: 'x'.repeat(301) }, 'message must be at most 300 characters'],
      [{ message: 'null\u0000byte' }, 'message must be printable text on one line'],
      [{ message: 42 }, 'message'],
      [{ frames: Array.from({ length: 6 }, () => frame) }, 'at most 5 frames'],
      [{ frames: 'at CarDetailPage (main.js:1:2)' }, 'frames'],
      [{ frames: [{ ...frame, file: 'javascript:alert(1)' }] }, "a frame's file must be an absolute http(s) or file address"],
      [{ frames: [{ ...frame, file: 'main.js' }] }, "a frame's file must be an absolute http(s) or file address"],
      [{ frames: [{ ...frame, file: `https://cdn.example.com/${'a'.repeat(300)}.js` }] }, "a frame's file must be at most 300 characters"],
      [{ frames: [{ ...frame, line: -1 }] }, 'line'],
      [{ frames: [{ ...frame, column: 1.5 }] }, 'column'],
      [{ frames: [{ ...frame, fn: 'f'.repeat(201) }] }, "a frame's function must be at most 200 characters"],
      [{ frames: [{ ...frame, source: 'const secret = 1;' }] }, 'source'],
    ];
    for (const [words, why] of refused) {
      const response = await send(words);
      expect({ words, status: response.statusCode }).toEqual({ words, status: 400 });
      expect(response.json<{ message: string }>().message).toContain(why);
    }
    expect((await send({ message: `  ${'m'.repeat(300)}  `, frames: [frame] })).json()).toEqual({ accepted: 1, dropped: 0 });
    expect((await groupsOf(CANARY)).some((group) => group.message === 'm'.repeat(300))).toBe(true);
  });

  it("takes a render server's render errors with its bearer token only, counted as they come", async () => {
    const renderError: TelemetryEvent = {
      type: 'render_error',
      count: 7,
      message: 'Cannot read properties of undefined (reading "make")',
      frames: [{ file: `${FILES}/catalog/${CANARY}/server/812.js`, line: 3, column: 14, fn: 'CarDetailPage' }],
      screen: 'catalog/CarDetailPage',
      remote: 'catalog',
      release: CANARY,
    };
    const forged = await beacon(api, page(CANARY), [renderError]);
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ message: 'Render counts and render errors come from the render servers only' });
    expect((await rendererReport(api, [renderError], 'another-render-server-token')).statusCode).toBe(403);
    expect((await rendererReport(api, [renderError])).json()).toEqual({ accepted: 1, dropped: 0 });
    const [top] = await groupsOf(CANARY);
    expect(top).toMatchObject({ kind: 'render_failed', count: 7, message: renderError.message, screen: 'catalog/CarDetailPage' });
  });

  it('lets one network open only a few groups an hour: a flood of made-up messages from one address leaves another address’s error in the top ten', async () => {
    const junk = (i: number, j: number) => pageError(CANARY, { message: `junk message number ${i} of ${j} zzz${'q'.repeat(i + j)}` });
    // 21 page tokens, 5 made-up messages each, all from one address: every one counted (its page tokens allow it), few grouped.
    let accepted = 0;
    for (let i = 0; i < 21; i += 1)
      accepted += (
        await beacon(
          api,
          page(CANARY),
          [0, 1, 2, 3, 4].map((j) => junk(i, j)),
          '198.51.100.7',
        )
      ).json<{ accepted: number }>().accepted;
    expect(accepted).toBe(105);
    // A real visitor's error, from another network.
    const real = { message: 'Cannot read properties of null (reading "price")', frames: [chunkFrame(CANARY, '4f3a2b1c', 'CarPrices')] };
    expect((await beacon(api, page(CANARY), [pageError(CANARY, real)], '203.0.113.40')).json()).toEqual({ accepted: 1, dropped: 0 });
    const groups = await groupsOf(CANARY);
    expect(groups.filter((group) => group.message.startsWith('junk message')).length).toBe(3);
    expect(groups.find((group) => group.message === real.message)).toMatchObject({ count: 1, networks: 1 });

    // Later in the hour, in another write, the same network opens no more than its few.
    now = new Date(now.getTime() + 10 * 60_000);
    for (let i = 21; i < 30; i += 1) await beacon(api, page(CANARY), [junk(i, 0)], '198.51.100.7');
    await groupsOf(CANARY);
    const opened = await api.db
      .select({ fingerprint: telemetryErrorGroups.fingerprint })
      .from(telemetryErrorGroups)
      .where(and(eq(telemetryErrorGroups.release, CANARY), like(telemetryErrorGroups.message, 'junk message%')));
    expect(opened.length).toBeLessThanOrEqual(3);
  });

  it('keeps 100 groups per release, in one write or many, and counts the rest in one "other" group', async () => {
    const release = LIVE;
    const distinct = (from: number, to: number): TelemetryEvent[] =>
      Array.from({ length: to - from }, (_, i) => ({
        type: 'render_error',
        count: 1,
        message: 'Screen failed',
        frames: [{ file: `${FILES}/catalog/${release}/server/812.js`, line: 1, column: 1, fn: `screen${from + i}` }],
        screen: 'catalog/BrandListPage',
        remote: 'catalog',
        release,
      }));
    // 120 new kinds in one write (past what the release keeps beside the one it has), then 10 more and 10 known in the next.
    for (const [from, to] of [
      [0, 40],
      [40, 80],
      [80, 120],
    ])
      expect((await rendererReport(api, distinct(from!, to!))).statusCode).toBe(202);
    await groupsOf(release);
    for (const [from, to] of [
      [120, 130],
      [0, 10],
    ])
      expect((await rendererReport(api, distinct(from!, to!))).statusCode).toBe(202);
    await groupsOf(release);
    const rows = await api.db
      .select({ fingerprint: telemetryErrorGroups.fingerprint, count: telemetryErrorGroups.count })
      .from(telemetryErrorGroups)
      .where(and(eq(telemetryErrorGroups.remote, 'catalog'), eq(telemetryErrorGroups.release, release)));
    expect(rows).toHaveLength(101);
    // 1 page error and 99 kinds of render error got a group of their own; the 21 kinds after them count in "other", once each and 10 more.
    expect(rows.find((row) => row.fingerprint === 'other')?.count).toBe(31);
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(1 + 120 + 20);
    const shown = await groupsOf(release);
    expect(shown).toHaveLength(10);
    expect(shown[0]).toMatchObject({ fingerprint: 'other', count: 31, message: 'Errors past the 100 groups a release keeps apart', frames: [] });
  });

  it('deletes groups not seen within the retention days', async () => {
    expect((await groupsOf(CANARY)).length).toBeGreaterThan(0);
    now = new Date(now.getTime() + 15 * 24 * 60 * 60_000);
    await groupsOf(CANARY);
    expect(await api.db.select().from(telemetryErrorGroups)).toEqual([]);
  });
});
