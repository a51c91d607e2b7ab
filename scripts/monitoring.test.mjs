/**
 * The monitoring configuration (deploy/prometheus/, docs/operations.md, "Alerts"): Prometheus's and Alertmanager's as
 * the stack fills them in pass their own checks, and every alert has unit tests (`promtool test rules`) that pass.
 * Run by `npm test` with the lint rules' tests; skipped without Debian's prometheus packages unless REQUIRE_STACK=1.
 *
 *   node --test scripts/monitoring.test.mjs
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { writeMonitoringConfig } from './stack/monitoring.mjs';
import { stackPorts } from './stack/ports.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIR = path.join(ROOT, 'deploy', 'prometheus');
const TOOLS = ['/usr/bin/promtool', '/usr/bin/amtool'];
const missing = TOOLS.filter((tool) => !existsSync(tool));
const skip =
  missing.length > 0 && process.env.REQUIRE_STACK !== '1' ? `${missing.join(', ')} not installed (Debian's prometheus, prometheus-alertmanager)` : false;

/** A tool's output, or its failure with what it printed. */
function check(tool, args) {
  try {
    return execFileSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    assert.fail(`${path.basename(tool)} ${args.join(' ')} failed:\n${error.stdout ?? ''}${error.stderr ?? error.message}`);
  }
}

test("Prometheus's and Alertmanager's configuration, as the stack fills them in, pass promtool's and amtool's checks", { skip }, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-monitoring-'));
  try {
    const files = writeMonitoringConfig(ROOT, dir, { ports: stackPorts({}), metricsToken: 'a'.repeat(48), adminMail: 'admin@usedcars.test' });
    const told = check('/usr/bin/promtool', ['check', 'config', files.prometheus]);
    assert.match(told, /SUCCESS: 2 rule files found/);
    assert.doesNotMatch(readFileSync(files.prometheus, 'utf8'), /\$\{/);
    check('/usr/bin/amtool', ['check-config', files.alertmanager]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("with RELEASE_WEBHOOK_URL set, Alertmanager's admins also post to the API's relay with the monitoring's token; without it, no webhook", { skip }, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-monitoring-'));
  try {
    const options = { ports: stackPorts({}), metricsToken: 'a'.repeat(48), adminMail: 'admin@usedcars.test' };
    const relay = 'http://127.0.0.1:8081/monitoring/alerts';
    const files = writeMonitoringConfig(ROOT, dir, { ...options, alertRelay: relay });
    check('/usr/bin/amtool', ['check-config', files.alertmanager]);
    const admins = parse(readFileSync(files.alertmanager, 'utf8')).receivers.find((receiver) => receiver.name === 'admins');
    assert.equal(admins.email_configs[0].to, 'admin@usedcars.test');
    assert.deepEqual(admins.webhook_configs, [
      {
        url: relay,
        send_resolved: true,
        max_alerts: 100,
        http_config: { authorization: { type: 'Bearer', credentials_file: path.join(dir, 'metrics-token') } },
      },
    ]);
    writeMonitoringConfig(ROOT, dir, options);
    check('/usr/bin/amtool', ['check-config', files.alertmanager]);
    assert.deepEqual(
      parse(readFileSync(files.alertmanager, 'utf8')).receivers.flatMap((receiver) => Object.keys(receiver).filter((key) => key.endsWith('_configs'))),
      ['email_configs'],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('every alert rule has unit tests, and promtool test rules passes them', { skip }, () => {
  const alerts = [...readFileSync(path.join(DIR, 'rules', 'alerts.yml'), 'utf8').matchAll(/^\s+- alert: (\w+)$/gm)].map(([, name]) => name);
  const cases = readFileSync(path.join(DIR, 'tests', 'alerts.yml'), 'utf8');
  assert.ok(alerts.length >= 10, `alerts found: ${alerts.join(', ')}`);
  // Each alert both fires in a case (exp_alerts follow its name) and stays quiet in one (nothing follows).
  const lines = cases.split('\n');
  const kinds = (name) =>
    new Set(lines.flatMap((line, index) => (line.trim() === `alertname: ${name}` ? [lines[index + 1]?.trim() === 'exp_alerts:' ? 'fires' : 'quiet'] : [])));
  for (const name of alerts) assert.deepEqual([...kinds(name)].sort(), ['fires', 'quiet'], `${name} needs a case where it fires and one where it does not`);
  const told = check('/usr/bin/promtool', ['test', 'rules', path.join(DIR, 'tests', 'alerts.yml')]);
  assert.match(told, /SUCCESS/);
});
