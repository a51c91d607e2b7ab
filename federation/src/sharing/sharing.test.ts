import { acceptedRange, blocking, judge, judgeAll } from '@usedcars/federation/sharing';

const singleton = (name: string, version: string) => ({ name, version, requiredVersion: acceptedRange(version), singleton: true });
const byVersion = (name: string, version: string) => ({ name, version, requiredVersion: acceptedRange(version), singleton: false });

test('a build accepts the same major, from the version it was made with', () => {
  expect(acceptedRange('0.2.0')).toBe('>=0.2.0 <1.0.0');
  expect(acceptedRange('19.3.1')).toBe('>=19.3.1 <20.0.0');
});

test('a singleton of the same major is used, even an older minor; another major is refused', () => {
  expect(judge(singleton('zustand', '5.1.0'), '5.1.0').verdict).toBe('ok');
  expect(judge(singleton('zustand', '5.2.0'), '5.1.0').verdict).toBe('olderOnPage');
  const refused = judge(singleton('@usedcars/shared-auth', '1.0.0'), '0.1.0');
  expect(refused.verdict).toBe('incompatible');
  expect(refused.message).toBe('@usedcars/shared-auth: needs 1.0.0, the page has 0.1.0: a singleton of another major, the remote cannot run on this page');
  expect(judge(singleton('react', '19.3.1'), undefined).verdict).toBe('incompatible');
});

test('a package shared by version uses the page’s copy when it is enough, its own otherwise', () => {
  expect(judge(byVersion('@usedcars/shared-ui', '0.1.0'), '0.1.0').verdict).toBe('ok');
  expect(judge(byVersion('@usedcars/shared-ui', '0.1.0'), '0.2.0').verdict).toBe('ok');
  expect(judge(byVersion('@usedcars/shared-ui', '0.2.0'), '0.1.0').verdict).toBe('ownCopy');
  expect(judge(byVersion('@usedcars/shared-ui', '1.0.0'), '0.1.0').verdict).toBe('ownCopy');
});

test('only an incompatible singleton blocks', () => {
  const findings = judgeAll([byVersion('@usedcars/shared-ui', '0.2.0'), singleton('react', '19.4.0'), singleton('@usedcars/shared-auth', '1.0.0')], {
    '@usedcars/shared-ui': '0.1.0',
    react: '19.3.1',
    '@usedcars/shared-auth': '0.1.0',
  });
  expect(findings.map((finding) => finding.verdict)).toEqual(['ownCopy', 'olderOnPage', 'incompatible']);
  expect(blocking(findings).map((finding) => finding.name)).toEqual(['@usedcars/shared-auth']);
});
