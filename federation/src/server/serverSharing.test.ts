import { serverSharingProblems } from './serverSharing';

const onServer = { react: '19.3.1', '@usedcars/shared-auth': '0.1.0', '@usedcars/shared-ui': '0.1.0' };
const manifest = (shared: Array<{ name: string; version: string; singleton: boolean }>) => ({
  metaData: { remoteEntry: { name: 'remoteEntry.js' } },
  shared: shared.map((entry) => ({ ...entry, requiredVersion: `>=${entry.version} <${Number(entry.version.split('.')[0]) + 1}.0.0` })),
});

test('a server build with a newer shared-ui or a newer minor of a singleton is loaded', () => {
  expect(
    serverSharingProblems(
      manifest([
        { name: '@usedcars/shared-ui', version: '0.2.0', singleton: false },
        { name: '@usedcars/shared-auth', version: '0.2.0', singleton: true },
        { name: 'react', version: '19.4.0', singleton: true },
      ]),
      onServer,
    ),
  ).toEqual([]);
});

test('a server build needing another major of a singleton is not, and the reason names both versions', () => {
  expect(serverSharingProblems(manifest([{ name: '@usedcars/shared-auth', version: '1.0.0', singleton: true }]), onServer)).toEqual([
    '@usedcars/shared-auth: needs 1.0.0, the page has 0.1.0: a singleton of another major, the remote cannot run on this page',
  ]);
});

test('browser-only packages (the identity SDK) are not the server’s business', () => {
  expect(serverSharingProblems(manifest([{ name: 'firebase/auth', version: '12.19.0', singleton: true }]), onServer)).toEqual([]);
});
