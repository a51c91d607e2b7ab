import { refuseIncompatible } from '.';

describe("a remote's shared requirements against the page", () => {
  const page = { react: '19.3.1', '@usedcars/shared-auth': '0.1.0', '@usedcars/shared-ui': '0.1.0' };
  const shared = (name: string, version: string, singleton: boolean) => ({
    name,
    version,
    requiredVersion: `>=${version} <${Number(version.split('.')[0]) + 1}.0.0`,
    singleton,
  });

  test('a newer shared-ui or a newer minor of a singleton loads, and the console says so', () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() =>
      refuseIncompatible('catalog', { shared: [shared('@usedcars/shared-ui', '0.2.0', false), shared('react', '19.4.0', true)] }, page),
    ).not.toThrow();
    expect(info).toHaveBeenCalledWith('[federation] catalog: @usedcars/shared-ui: needs 0.2.0, the page has 0.1.0: the remote loads its own copy');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('[federation] catalog: react: needs 19.4.0, the page has 19.3.1'));
    info.mockRestore();
    warn.mockRestore();
  });

  test('a singleton of another major is refused, naming the package and both versions', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => refuseIncompatible('catalog', { shared: [shared('@usedcars/shared-auth', '1.0.0', true)] }, page)).toThrow(
      'catalog needs shared packages this page cannot give it',
    );
    expect(error).toHaveBeenCalledWith(
      '[federation] catalog was not loaded: @usedcars/shared-auth: needs 1.0.0, the page has 0.1.0: a singleton of another major, the remote cannot run on this page',
    );
    error.mockRestore();
  });
});
