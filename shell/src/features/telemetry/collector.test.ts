import { startCollector } from './collector';

test('an event noted before its remote registered is sent under the release the remote registered with', async () => {
  const sent: Blob[] = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (_url: string, body: Blob) => sent.push(body) > 0,
  });
  const read = (blob: Blob) =>
    new Promise<unknown>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(JSON.parse(String(reader.result)));
      reader.readAsText(blob);
    });
  const releases = new Map<string, string>();
  const landing = { screen: 'catalog/CarDetailPage', remote: 'catalog', release: 'unknown' };
  const collector = startCollector({ apiUrl: 'http://api.test', current: () => landing, landing, releaseOf: (remote) => releases.get(remote) });
  collector.take({ type: 'view', tags: landing });
  releases.set('catalog', '0.2.0');

  dispatchEvent(new Event('pagehide'));

  expect(await Promise.all(sent.map(read))).toEqual([{ events: [{ type: 'view', screen: 'catalog/CarDetailPage', remote: 'catalog', release: '0.2.0' }] }]);
});
