import type { ErrorGroup, TelemetryEvent, TelemetrySummary } from '@usedcars/shared-contract/telemetry';
import { releases as registry } from '../../db/schema';
import { type Account, DRIVERS, RENDER_SERVER_TOKEN, TEST_CONFIG, TestApi, beacon, createTestDatabase, pageToken, rendererReport } from '../../../test/helpers';

const WITH_MAPS = '2.0.0-cccccccccc';
const WITHOUT_MAPS = '1.9.0-dddddddddd';
const FILES = 'http://127.0.0.1:5000/release-files';
/**
 * The map of static/js/async/812.4f3a2b1c.js: its line 1 from column 0 is Price.tsx's line 1, and
 * from column 10 is formatPrice on Price.tsx's line 3, column 4 (both from 0, as maps count).
 */
const PRICE_MAP = {
  version: 3,
  file: 'static/js/async/812.4f3a2b1c.js',
  sources: ['webpack://mf-catalog/./src/features/cars/components/Price.tsx'],
  names: ['formatPrice'],
  mappings: 'AAAA,UAEIA',
};

describe.each(DRIVERS)("an error's frames in the source (%s)", (driver) => {
  let api: TestApi;
  let admin: Account;
  beforeAll(async () => {
    const config = { ...TEST_CONFIG, telemetry: { retentionDays: 14, batchesPerMinute: 1_000, flushMs: 60_000, serverToken: RENDER_SERVER_TOKEN } };
    api = await new TestApi(await createTestDatabase(driver), { config }).start();
    admin = await api.account('admin');
    const uploaded = await api.inject({
      method: 'PUT',
      url: `/release-maps/catalog/${WITH_MAPS}/static/js/async/812.4f3a2b1c.js.map`,
      headers: { ...admin.auth, 'content-type': 'application/octet-stream' },
      payload: JSON.stringify(PRICE_MAP),
    });
    expect(uploaded.statusCode).toBe(201);
    const release = { remote: 'catalog', releasedBy: admin.email, preflight: 'passed' };
    await api.db.insert(registry).values([
      { ...release, version: WITHOUT_MAPS, manifestUrl: `${FILES}/catalog/${WITHOUT_MAPS}/mf-manifest.json`, status: 'live' },
      { ...release, version: WITH_MAPS, manifestUrl: `${FILES}/catalog/${WITH_MAPS}/mf-manifest.json`, status: 'canary', share: 50 },
    ]);
    for (const version of [WITH_MAPS, WITHOUT_MAPS]) await rendererReport(api, [{ type: 'served', remote: 'catalog', release: version, count: 10 }]);
  });
  afterAll(() => api.stop());

  const frames = (release: string) => [
    { file: `${FILES}/catalog/${release}/static/js/async/812.4f3a2b1c.js`, line: 1, column: 11, fn: 'a' },
    { file: `${FILES}/catalog/${release}/static/js/async/812.4f3a2b1c.js?v=1`, line: 1, column: 3, fn: 'b' },
    { file: `${FILES}/catalog/${release}/static/js/main.0badc0de.js`, line: 2, column: 90 },
    { file: 'https://elsewhere.example/static/js/async/812.4f3a2b1c.js', line: 1, column: 11 },
  ];
  const report = (release: string) => {
    const event: TelemetryEvent = {
      type: 'error',
      kind: 'boundary',
      message: 'price is undefined',
      frames: frames(release),
      screen: 'catalog/CarDetailPage',
      remote: 'catalog',
      release,
    };
    return beacon(api, pageToken({ releases: { catalog: release } }), [event]);
  };
  const groupOf = async (release: string): Promise<ErrorGroup | undefined> => {
    const response = await api.inject({ method: 'GET', url: '/telemetry/summary?remote=catalog', headers: admin.auth });
    return response.json<TelemetrySummary>().releases.find((entry) => entry.release === release)?.errorGroups[0];
  };

  it("shows where each frame of a release's own scripts is in the source, through the maps it uploaded", async () => {
    expect((await report(WITH_MAPS)).json()).toEqual({ accepted: 1, dropped: 0 });
    const price = 'src/features/cars/components/Price.tsx';
    const [chunk, sameChunk, main, elsewhere] = frames(WITH_MAPS);
    expect((await groupOf(WITH_MAPS))?.frames).toEqual([
      { ...chunk, original: { file: price, line: 3, column: 5, name: 'formatPrice' } },
      { ...sameChunk, original: { file: price, line: 1, column: 1 } },
      // No map uploaded for it, and not a file of the release storage: as they came.
      main,
      elsewhere,
    ]);
  });

  it('shows the frames of a release without maps as they came', async () => {
    expect((await report(WITHOUT_MAPS)).json()).toEqual({ accepted: 1, dropped: 0 });
    expect((await groupOf(WITHOUT_MAPS))?.frames).toEqual(frames(WITHOUT_MAPS));
  });
});
