import type { RuntimeConfig } from '@usedcars/federation/config';
import { pageTelemetry, screenOf } from './telemetry';

test("each address is counted under the screen the route table shows there, and that screen's remote", () => {
  expect(screenOf('/')).toEqual({ screen: 'catalog/HomePage', remote: 'catalog' });
  expect(screenOf('/audis')).toEqual({ screen: 'catalog/BrandListPage', remote: 'catalog' });
  expect(screenOf('/Audis/0b6f3c1e-0000-4000-8000-000000000000')).toEqual({ screen: 'catalog/CarDetailPage', remote: 'catalog' });
  expect(screenOf('/login')).toEqual({ screen: 'LoginPage', remote: 'shell' });
  expect(screenOf('/no/such/page')).toEqual({ screen: 'NotFoundPage', remote: 'shell' });
  expect(screenOf('/dashboard')).toMatchObject({ remote: 'dashboard' });
  expect(screenOf('/dashboard/myProduct')).toMatchObject({ remote: 'dashboard' });
});

test('a screen whose remote never registers (the home page keeps the server’s markup) counts under the release its token names', async () => {
  const claims = { r: { shell: '7.7.7', catalog: '0.3.0' }, f: ['shell', 'catalog'], b: 1, i: 0, e: 1, n: 'abcdefghijklmnop' };
  const token = `${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.c2lnbmVk`;
  Object.defineProperty(performance, 'getEntriesByType', {
    configurable: true,
    value: (type: string) =>
      type === 'navigation'
        ? [
            {
              serverTiming: [
                { name: 'render', description: '' },
                { name: 'telemetry', description: token },
              ],
            },
          ]
        : [],
  });
  const sent: Blob[] = [];
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: (_url: string, body: Blob) => sent.push(body) > 0 });
  const idle = new Promise<void>((resolve) => {
    Object.defineProperty(window, 'requestIdleCallback', {
      configurable: true,
      value: (run: () => void) => {
        run();
        resolve();
        return 1;
      },
    });
  });
  const telemetry = pageTelemetry();
  telemetry.viewed('/');
  telemetry.startWhenIdle({ apiUrl: 'http://api.test', telemetrySample: 1 } as RuntimeConfig);
  await idle;
  // The reporting chunk has loaded and taken what the page noted before it.
  await new Promise((resolve) => setTimeout(resolve, 0));
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  const [body] = await Promise.all(
    sent.map(
      (blob) =>
        new Promise<string>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result));
          reader.readAsText(blob);
        }),
    ),
  );
  expect(JSON.parse(body!)).toEqual({ token, events: [{ type: 'view', screen: 'catalog/HomePage', remote: 'catalog', release: '0.3.0' }] });
});
