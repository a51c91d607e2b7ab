import { NetworkNames, networkOf } from './networks';

test('an IPv4 address is its own network; an IPv6 address belongs to its /64, however it is written', () => {
  expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
  expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  expect(networkOf('2001:db8:12:34:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:12:34::/64');
  expect(networkOf('2001:db8:12:34::1')).toBe('2001:db8:12:34::/64');
  expect(networkOf('2001:0db8:0012:0034:ffff::9')).toBe('2001:db8:12:34::/64');
  expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
  expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  expect(networkOf('not an address')).toBeNull();
});

test('networks are named by a keyed hash: the same network alike, another apart, no address kept', () => {
  const names = new NetworkNames('telemetry-token-0123456789');
  const one = names.nameOf('2001:db8:12:34::1');
  expect(one).toMatch(/^[\w-]{16}$/);
  expect(names.nameOf('2001:db8:12:34:9:9:9:9')).toBe(one);
  expect(names.nameOf('2001:db8:12:35::1')).not.toBe(one);
  expect(names.nameOf('10.0.0.1')).not.toBe(names.nameOf('10.0.0.2'));
  expect(new NetworkNames('another-token-0123456789').nameOf('10.0.0.1')).not.toBe(names.nameOf('10.0.0.1'));
});
