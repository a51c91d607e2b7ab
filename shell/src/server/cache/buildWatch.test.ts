/** @jest-environment node */
import { watchRemoteBuilds } from './buildWatch';

test('a remote republished under the same address drops the cache once; an unchanged or unreachable one does not', async () => {
  jest.useFakeTimers();
  try {
    const versions: Record<string, string | Error> = { catalog: 'v1', dashboard: 'd1' };
    let dropped = 0;
    const stop = watchRemoteBuilds({
      remotes: () => ({ catalog: 'http://catalog/mf-manifest.json', dashboard: 'http://dashboard/mf-manifest.json' }),
      versionOf: async (remote) => {
        const version = versions[remote]!;
        if (version instanceof Error) throw version;
        return version;
      },
      onChange: () => (dropped += 1),
      everyMs: 1_000,
    });
    await jest.advanceTimersByTimeAsync(1_000);
    expect(dropped).toBe(0);
    versions.catalog = 'v2';
    versions.dashboard = new Error('down');
    await jest.advanceTimersByTimeAsync(1_000);
    expect(dropped).toBe(1);
    await jest.advanceTimersByTimeAsync(3_000);
    expect(dropped).toBe(1);
    stop();
  } finally {
    jest.useRealTimers();
  }
});
