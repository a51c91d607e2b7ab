import { createHmac, timingSafeEqual } from 'node:crypto';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import { expect, test } from '../support/test';
import { STACK_PORTS, STACK_WEBHOOK_SECRET } from '../support/site';
import { stack } from './stack';

/**
 * Alerts reach RELEASE_WEBHOOK_URL (docs/operations.md, "Alerts"): Alertmanager posts them to the API, which signs them
 * with RELEASE_WEBHOOK_SECRET as it signs release events, at a receiver the test runs standing in for a chat tool.
 */

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

let receiver: Server;
const received: Delivery[] = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(STACK_PORTS.webhook, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

/** docs/releases.md's check: the signature over "t.body" with the secret, within 5 minutes. */
function signedBySite({ headers, body }: Delivery): boolean {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers['x-usedcars-signature'])) ?? [];
  if (!t || !v1) return false;
  const expected = createHmac('sha256', STACK_WEBHOOK_SECRET).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex')) && Math.abs(Date.now() / 1000 - Number(t)) < 300;
}

interface AlertDelivery {
  event: string;
  status: string;
  alerts: Array<{ status: string; name: string; summary: string; labels: Record<string, string> }>;
}

test('an alert Alertmanager is sent reaches the release webhook, signed with the site’s secret, and its resolution after it', async () => {
  // Its resolution waits for the group's next interval (group_interval, 1 min).
  test.setTimeout(240_000);
  const alertmanager = `http://127.0.0.1:${stack().ports.alertmanager}`;
  const alertname = `WebhookCheck${Date.now()}`;
  const labels = { alertname, job: 'e2e', severity: 'ticket' };
  const summary = 'a check that alerts reach the release webhook';
  // As Prometheus sends a firing alert (its rules are exercised by promtool's cases and the faults' PartDown).
  const fire = (endsAt?: string) =>
    fetch(`${alertmanager}/api/v2/alerts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ labels, annotations: { summary }, startsAt: new Date(Date.now() - 1000).toISOString(), ...(endsAt ? { endsAt } : {}) }]),
    });
  expect((await fire()).status).toBe(200);

  const ours = (status: string) =>
    received.filter((delivery) => {
      const sent = JSON.parse(delivery.body) as AlertDelivery;
      return sent.event === 'alert' && sent.status === status && sent.alerts.some((alert) => alert.name === alertname);
    });
  // Alertmanager waits group_wait (5 s) before its first notification.
  await expect.poll(() => ours('firing').length, { timeout: 60_000 }).toBeGreaterThan(0);
  const [firing] = ours('firing');
  expect(signedBySite(firing!)).toBe(true);
  expect(firing!.headers['x-usedcars-delivery']).toMatch(/^[0-9a-f-]{36}$/);
  expect((JSON.parse(firing!.body) as AlertDelivery).alerts).toEqual([expect.objectContaining({ status: 'firing', name: alertname, summary, labels })]);

  // Resolved: Alertmanager tells the receivers again (send_resolved), at the group's next interval.
  expect((await fire(new Date().toISOString())).status).toBe(200);
  await expect.poll(() => ours('resolved').length, { timeout: 120_000 }).toBeGreaterThan(0);
  expect(signedBySite(ours('resolved')[0]!)).toBe(true);
});
