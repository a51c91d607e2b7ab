/** @jest-environment node */
import { createHmac } from 'node:crypto';
import { releasesNamedIn } from './pageToken';
import { pageTokenKey, readPageToken, signPageToken } from './telemetryToken';

const key = pageTokenKey('render-server-token-0123456789');
const page = { releases: { shell: '0.1.0', catalog: '0.2.0-3f2a9c81d0' }, baselineSet: ['shell'], bucket: 7 };
const NOW = 1_800_000_000;

test('a token names the release set, the bucket and its lifetime, and reads back while it counts', () => {
  const token = signPageToken(key, page, NOW);
  expect(readPageToken(key, token, NOW + 60)).toEqual({
    claims: { ...page, issuedAt: NOW, expiresAt: NOW + 30 * 60, nonce: expect.stringMatching(/^[\w-]{16}$/) },
  });
  // Every page served gets a token of its own.
  expect(signPageToken(key, page, NOW)).not.toBe(token);
});

test('an expired, tampered or foreign token is refused', () => {
  const token = signPageToken(key, page, NOW);
  expect(readPageToken(key, token, NOW + 30 * 60)).toEqual({ problem: 'expired' });
  const [payload, signature] = token.split('.') as [string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const tampered = Buffer.from(JSON.stringify({ ...claims, r: { catalog: '9.9.9-0000000000' } })).toString('base64url');
  expect(readPageToken(key, `${tampered}.${signature}`, NOW)).toEqual({ problem: 'bad_token' });
  expect(readPageToken(pageTokenKey('another-site-token-0123456789'), token, NOW)).toEqual({ problem: 'bad_token' });
  // Signed with TELEMETRY_TOKEN itself instead of the key derived from it: refused.
  const raw = signPageToken(Buffer.from('render-server-token-0123456789'), page, NOW);
  expect(readPageToken(key, raw, NOW)).toEqual({ problem: 'bad_token' });
  for (const garbage of ['', '.', 'abc', `${payload}.`, `.${signature}`, `${payload}.${signature}.x`]) {
    expect(readPageToken(key, garbage, NOW)).toEqual({ problem: 'bad_token' });
  }
});

test('a well-signed token whose claims are not a page token is refused', () => {
  const signed = (claims: unknown) => {
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
  };
  const good = { r: { catalog: '0.2.0' }, f: ['catalog'], b: 7, i: NOW, e: NOW + 60, n: 'abcdefghijklmnop' };
  expect(readPageToken(key, signed(good), NOW)).toMatchObject({ claims: { releases: { catalog: '0.2.0' } } });
  for (const bad of [
    { ...good, b: 100 },
    { ...good, r: { nowhere: '1.0.0' } },
    { ...good, r: { catalog: '<script>' } },
    { ...good, x: 1 },
    { ...good, n: 'short' },
    'text',
  ]) {
    expect(readPageToken(key, signed(bad), NOW)).toEqual({ problem: 'bad_token' });
  }
});

test('a page reads the releases its token names, and nothing from what is not a token', () => {
  expect(releasesNamedIn(signPageToken(key, page, NOW))).toEqual(page.releases);
  for (const garbage of ['', 'abc', '%%%.x', `${Buffer.from('[1]').toString('base64url')}.x`]) expect(releasesNamedIn(garbage)).toEqual({});
});
