import { createHmac } from 'node:crypto';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { TEST_CONFIG, TestApi, createTestDatabase, until } from '../../../test/helpers';

/** Alertmanager's alerts relayed, signed, to RELEASE_WEBHOOK_URL (docs/operations.md, "Alerts"). */

const SECRET = 'webhook-secret-0123456789abcdef';
const TOKEN = 'metrics-token-0123456789abcdef';

/** A notification as Alertmanager 0.25's webhook sends it. */
const notification = {
  version: '4',
  groupKey: '{}:{alertname="PartDown", job="api"}',
  truncatedAlerts: 0,
  status: 'firing',
  receiver: 'admins',
  groupLabels: { alertname: 'PartDown', job: 'api' },
  commonLabels: { alertname: 'PartDown', job: 'api', severity: 'page' },
  commonAnnotations: {},
  externalURL: 'http://127.0.0.1:9093',
  alerts: [
    {
      status: 'firing',
      labels: { alertname: 'PartDown', job: 'api', instance: '127.0.0.1:5001', severity: 'page' },
      annotations: { summary: 'api at 127.0.0.1:5001 does not respond to its scrape' },
      startsAt: '2026-12-07T18:00:00.000Z',
      endsAt: '0001-01-01T00:00:00Z',
      generatorURL: 'http://127.0.0.1:9090/graph',
      fingerprint: 'c0ffee',
    },
  ],
};

describe('POST /monitoring/alerts, with RELEASE_WEBHOOK_URL set', () => {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  let receiver: Server;
  let api: TestApi;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      void text(request).then((body) => {
        received.push({ headers: request.headers, body });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/releases`;
    api = await new TestApi(await createTestDatabase('pglite'), {
      config: {
        ...TEST_CONFIG,
        metrics: { ...TEST_CONFIG.metrics, token: TOKEN },
        releases: { ...TEST_CONFIG.releases, webhook: { url, secret: SECRET, retryDelaysMs: [50] } },
      },
    }).start();
  });
  afterAll(async () => {
    await api.stop();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('relays an alert with the site’s signature, in the release events’ envelope', async () => {
    const posted = await api.inject({ method: 'POST', url: '/monitoring/alerts', headers: { authorization: `Bearer ${TOKEN}` }, payload: notification });
    expect(posted.statusCode).toBe(202);
    const [delivery] = await until(
      async () => received,
      (list) => list.length > 0,
      'the relayed alert',
    );
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery!.headers['x-usedcars-signature'])) ?? [];
    expect(v1).toBe(createHmac('sha256', SECRET).update(`${t}.${delivery!.body}`).digest('hex'));
    expect(JSON.parse(delivery!.body)).toEqual({
      event: 'alert',
      status: 'firing',
      alerts: [
        {
          status: 'firing',
          name: 'PartDown',
          summary: 'api at 127.0.0.1:5001 does not respond to its scrape',
          labels: notification.alerts[0]!.labels,
          startsAt: '2026-12-07T18:00:00.000Z',
        },
      ],
      at: expect.any(String),
    });
  });

  it('is not there for anyone without the monitoring’s token, and refuses what is not a notification', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', TOKEN]) {
      const response = await api.inject({ method: 'POST', url: '/monitoring/alerts', headers: authorization ? { authorization } : {}, payload: notification });
      expect(response.statusCode).toBe(404);
    }
    const bad = await api.inject({
      method: 'POST',
      url: '/monitoring/alerts',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { status: 'firing', alerts: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(received).toHaveLength(1);
  });
});

describe('POST /monitoring/alerts, without RELEASE_WEBHOOK_URL', () => {
  it('is not there: there is nowhere to relay to', async () => {
    const api = await new TestApi(await createTestDatabase('pglite'), {
      config: { ...TEST_CONFIG, metrics: { ...TEST_CONFIG.metrics, token: TOKEN } },
    }).start();
    try {
      const response = await api.inject({ method: 'POST', url: '/monitoring/alerts', headers: { authorization: `Bearer ${TOKEN}` }, payload: notification });
      expect(response.statusCode).toBe(404);
    } finally {
      await api.stop();
    }
  });
});
