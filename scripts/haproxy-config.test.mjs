/**
 * The balancer's configuration (deploy/haproxy/haproxy.cfg), filled in as `npm run stack` fills it,
 * passes `haproxy -c` in zero-warning mode: a rule HAProxy would reorder, or any other warning, shows
 * at every start of the stack and fails here first. Skipped without Debian's haproxy, unless
 * REQUIRE_STACK=1 (set by .ci/run). Run by `npm test` with the lint rules' tests.
 *
 *   node --test scripts/haproxy-config.test.mjs
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { writeBalancerConfig } from './stack/edge.mjs';
import { stackPorts } from './stack/ports.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HAPROXY = '/usr/sbin/haproxy';
const skip = !existsSync(HAPROXY) && process.env.REQUIRE_STACK !== '1' ? 'needs Debian’s haproxy' : false;

/** `haproxy -c` on a file, refusing warnings (-dW): its exit code and what it printed. */
function check(file) {
  const run = spawnSync(HAPROXY, ['-c', '-dW', '-f', file], { encoding: 'utf8' });
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

test('the balancer configuration as the stack renders it is valid and warning-free', { skip }, (t) => {
  const siteDir = mkdtempSync(path.join(tmpdir(), 'haproxy-config-'));
  t.after(() => rmSync(siteDir, { recursive: true, force: true }));
  const file = writeBalancerConfig({ root: ROOT, siteDir, ports: stackPorts({}) });

  const rendered = check(file);
  assert.equal(rendered.status, 0, rendered.output);
  assert.doesNotMatch(rendered.output, /WARNING|ALERT/, rendered.output);

  // The check sees the mistake it is here for: a request rule after the frontend's use_backend.
  const text = readFileSync(file, 'utf8');
  const rule = '    http-request disable-l7-retry if !METH_GET !METH_HEAD\n';
  const defaultPages = '    default_backend pages\n';
  assert.ok(text.includes(rule) && text.includes(defaultPages), 'the pages frontend no longer reads as this test expects');
  const misplaced = path.join(siteDir, 'misplaced.cfg');
  writeFileSync(misplaced, text.replace(rule, '').replace(defaultPages, `${defaultPages}${rule}`));
  const refused = check(misplaced);
  assert.notEqual(refused.status, 0);
  assert.match(refused.output, /placed after a 'use_backend' rule/);
});
