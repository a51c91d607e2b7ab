import { registryVersionOf, releaseAddressRefusal } from './releases';

const STORAGE = 'https://api.example.com/release-files/';
const LISTED = ['http://localhost:3001', 'https://cdn.example.com'];
const allowed = [STORAGE, ...LISTED];

describe('releaseAddressRefusal: where a release may be loaded from', () => {
  it.each([
    'https://api.example.com/release-files/catalog/0.1.0-3f2a9c81d0/mf-manifest.json',
    'http://localhost:3001/mf-manifest.json',
    'https://cdn.example.com/any/path/mf-manifest.json?v=2',
  ])('loads %s: the release storage or an origin the operator listed', (address) => {
    expect(releaseAddressRefusal(address, allowed)).toBeNull();
  });

  it.each([
    ['https://evil.example/mf-manifest.json', 'https://evil.example is not where this site keeps releases'],
    ['https://api.example.com/other/mf-manifest.json', 'https://api.example.com is not where this site keeps releases'],
    ['https://api.example.com/release-files/../admin/mf-manifest.json', 'https://api.example.com is not where this site keeps releases'],
    ['https://api.example.com/release-files%2F..%2Fadmin/mf-manifest.json', 'https://api.example.com is not where this site keeps releases'],
    ['http://127.0.0.1:3199/mf-manifest.json', '127.0.0.1:3199 is a loopback address'],
    ['http://127.1:3001/mf-manifest.json', '127.0.0.1:3001 is a loopback address'],
    ['http://0x7f000001/mf-manifest.json', '127.0.0.1 is a loopback address'],
    ['http://[::1]:3001/mf-manifest.json', '[::1]:3001 is a loopback address'],
    ['http://[::ffff:127.0.0.1]/mf-manifest.json', '[::ffff:7f00:1] is a loopback address'],
    ['http://localhost:3002/mf-manifest.json', 'localhost:3002 is a loopback address'],
    ['http://app.localhost/mf-manifest.json', 'app.localhost is a loopback address'],
    ['http://0.0.0.0:3001/mf-manifest.json', '0.0.0.0:3001 is a loopback address'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
    ['http://[fe80::1%25eth0]/mf-manifest.json', 'is not a valid absolute address'],
    ['http://[fe80::1]/mf-manifest.json', '[fe80::1] is a link-local address'],
    ['http://[::ffff:169.254.169.254]/mf-manifest.json', 'is a link-local address'],
    ['https://user:pass@cdn.example.com/mf-manifest.json', 'may not carry a user name or password'],
    ['https://token@cdn.example.com/mf-manifest.json', 'may not carry a user name or password'],
    ['file:///etc/passwd', 'file: addresses are never loaded'],
    ['javascript:alert(1)', 'javascript: addresses are never loaded'],
    ['data:application/json,{}', 'data: addresses are never loaded'],
    ['/release-files/catalog/0.1.0-3f2a9c81d0/mf-manifest.json', 'is not a valid absolute address'],
  ])('refuses %s, saying why', (address, reason) => {
    expect(releaseAddressRefusal(address, allowed)).toContain(reason);
  });

  it('refuses a link-local host or a user name even when the operator lists the origin', () => {
    expect(releaseAddressRefusal('http://169.254.169.254/mf-manifest.json', ['http://169.254.169.254'])).toContain('link-local');
    expect(releaseAddressRefusal('https://a:b@cdn.example.com/mf-manifest.json', ['https://a:b@cdn.example.com'])).toContain('user name');
  });

  it('takes a listed origin exactly: another port, scheme or spelling of the host is another origin', () => {
    expect(releaseAddressRefusal('http://localhost:3009/mf-manifest.json', allowed)).toContain('loopback');
    expect(releaseAddressRefusal('https://localhost:3001/mf-manifest.json', allowed)).toContain('loopback');
    expect(releaseAddressRefusal('http://127.0.0.1:3001/mf-manifest.json', allowed)).toContain('loopback');
    expect(releaseAddressRefusal('https://cdn.example.com.evil.test/mf-manifest.json', allowed)).toContain('not where this site keeps releases');
    expect(releaseAddressRefusal('http://cdn.example.com/mf-manifest.json', allowed)).toContain('not where this site keeps releases');
  });

  it('allows nothing with an empty or broken list', () => {
    expect(releaseAddressRefusal('https://cdn.example.com/mf-manifest.json', [])).toContain('not where this site keeps releases');
    expect(releaseAddressRefusal('https://cdn.example.com/mf-manifest.json', ['not an origin', ''])).toContain('not where this site keeps releases');
  });
});

describe('registryVersionOf: the version a release address names', () => {
  it('reads <remote>/<package version>-<hash>/mf-manifest.json, for the remote asked about', () => {
    const address = 'https://api.example.com/release-files/catalog/0.1.0-3f2a9c81d0/mf-manifest.json';
    expect(registryVersionOf(address)).toBe('0.1.0-3f2a9c81d0');
    expect(registryVersionOf(address, 'catalog')).toBe('0.1.0-3f2a9c81d0');
    expect(registryVersionOf(address, 'checkout')).toBeUndefined();
    expect(registryVersionOf('http://localhost:3001/mf-manifest.json', 'catalog')).toBeUndefined();
    expect(registryVersionOf('https://api.example.com/release-files/catalog/1.0.0/mf-manifest.json', 'catalog')).toBeUndefined();
  });
});
