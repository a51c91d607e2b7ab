import { providedVersions, versionCheck } from './versions';

const requirement = (name: string, version: string, singleton: boolean) => ({
  name,
  version,
  requiredVersion: `>=${version} <${Number(version.split('.')[0]) + 1}.0.0`,
  singleton,
});

test('a host provides the versions its own build declared, before any other provider of the same package', () => {
  const instance = {
    options: {
      name: 'shell',
      shared: {
        react: [
          { version: '19.4.0', from: 'catalog' },
          { version: '19.3.1', from: 'shell' },
        ],
        zustand: [{ version: '5.0.8', from: 'catalog' }],
        'firebase/auth': [{ from: 'shell' }],
      },
    },
  };
  expect(providedVersions(instance)).toEqual({ react: '19.3.1', zustand: '5.0.8' });
  expect(providedVersions(undefined)).toEqual({});
});

test('the page refuses a singleton it lacks; the render server judges only what it provides', () => {
  const shared = [requirement('firebase/auth', '12.9.0', true), requirement('react', '19.3.1', true)];
  const provided = { react: '19.3.1' };
  expect(versionCheck(shared, provided, 'browser').refused.map((finding) => finding.name)).toEqual(['firebase/auth']);
  expect(versionCheck(shared, provided, 'server').refused).toEqual([]);
  expect(versionCheck(shared, provided, 'server').findings.map((finding) => finding.name)).toEqual(['react']);
});

test('another major of a singleton is refused on both sides, with the same message', () => {
  const shared = [requirement('@usedcars/shared-auth', '1.0.0', true)];
  const provided = { '@usedcars/shared-auth': '0.1.0' };
  const message = '@usedcars/shared-auth: needs 1.0.0, the page has 0.1.0: a singleton of another major, the remote cannot run on this page';
  expect(versionCheck(shared, provided, 'browser').refused.map((finding) => finding.message)).toEqual([message]);
  expect(versionCheck(shared, provided, 'server').refused.map((finding) => finding.message)).toEqual([message]);
});
