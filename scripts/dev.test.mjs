import assert from 'node:assert/strict';
import { test } from 'node:test';
import { devManifestOf, localLinkText, run } from './dev.mjs';
import { UsageError } from './release-views.mjs';

// A dev server inside the site (docs/releases.md, "Your dev server inside the site"): what the command refuses before it starts anything.

test('refuses an unknown remote, a token on the command line and a missing DEPLOY_TOKEN, before it starts a dev server or asks the site', async () => {
  await assert.rejects(run(['nope', '--site', 'http://localhost:1'], { env: {} }), UsageError);
  await assert.rejects(
    run(['catalog', '--site', 'http://localhost:1', '--token', 'ucd_x'], { env: { DEPLOY_TOKEN: 'ucd_x' } }),
    /put the token in DEPLOY_TOKEN/i,
  );
  await assert.rejects(run(['catalog', '--site', 'http://localhost:1'], { env: {} }), /DEPLOY_TOKEN is not set/);
  await assert.rejects(run(['catalog', '--site', 'http://localhost:1', '--path', 'about'], { env: { DEPLOY_TOKEN: 'ucd_x' } }), /--path is a page of the site/);
  await assert.rejects(run(['catalog', '--site=http://localhost:1', '--expires', '90d'], { env: { DEPLOY_TOKEN: 'ucd_x' } }), /--expires takes 10s to 30d/);
  await assert.rejects(run(['catalog', '--site', 'http://localhost:1', '--open-in', 'x'], { env: { DEPLOY_TOKEN: 'ucd_x' } }), /Unknown option/);
});

test("the link names the dev server on this machine, on the remote's port", () => {
  assert.equal(devManifestOf('catalog', {}), 'http://localhost:3001/mf-manifest.json');
  assert.equal(devManifestOf('checkout', { CHECKOUT_PORT: '7043' }), 'http://localhost:7043/mf-manifest.json');
});

test('prints whose screens come from where, inside which site, until when, and the address on a line of its own', () => {
  const made = { url: 'http://localhost:3001/mf-manifest.json', expiresAt: '2026-12-07T22:00:00.000Z' };
  assert.equal(
    localLinkText('catalog', made, 'https://www.example.com/about?preview=abc.def'),
    'Local link: catalog from http://localhost:3001 inside https://www.example.com (for the first browser that opens it, on this machine; expires 2026-12-07 22:00 UTC):\n  https://www.example.com/about?preview=abc.def',
  );
});
