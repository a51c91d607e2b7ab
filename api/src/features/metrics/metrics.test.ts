import { type Account, TEST_CONFIG, TestApi, createTestDatabase } from '../../../test/helpers';
import { metricsServer } from './metrics';

const TOKEN = 'scrape-token-0123456789';

describe('API /metrics', () => {
  let api: TestApi;
  beforeAll(async () => {
    const config = { ...TEST_CONFIG, metrics: { host: '127.0.0.1', token: TOKEN }, writeLimits: { ...TEST_CONFIG.writeLimits, savedSearches: 1 } };
    api = await new TestApi(await createTestDatabase('pglite'), { config }).start();
  });
  afterAll(() => api.stop());

  const scrape = (authorization?: string) => api.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('is not there for the public: no token or a wrong one gets a 404', async () => {
    expect((await scrape()).statusCode).toBe(404);
    expect((await scrape('Bearer scrape-token-0123456780')).statusCode).toBe(404);
    expect((await scrape(TOKEN)).statusCode).toBe(404);
  });

  it('shows request durations by route pattern and status, and write-limit refusals, after traffic', async () => {
    await api.inject({ method: 'GET', url: '/health' });
    await api.inject({ method: 'GET', url: '/audis/00000000-0000-4000-8000-000000000000' });
    const buyer: Account = await api.account('Buyer');
    const save = () => api.inject({ method: 'POST', url: '/saved-searches', headers: buyer.auth, payload: { name: 'Audis', filters: { category: 'audi' } } });
    expect((await save()).statusCode).toBe(201);
    expect((await save()).statusCode).toBe(429);

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    // OpenMetrics, the text format that carries a traced request's exemplar (docs/operations.md, "Traces").
    expect(response.headers['content-type']).toMatch(/^application\/openmetrics-text; version=1\.0\.0/);
    const text = response.body;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/health",status="200"\} 1\n/);
    // One series per route, whatever car was asked for.
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/audis\/:id",status="404"\} 1\n/);
    expect(text).toMatch(/write_limit_refusals_total\{action="savedSearch"\} 1\n/);
    expect(text).toMatch(/^mail_outbox_depth \d+$/m);
  });

  it('serves the same numbers on a listener of its own', async () => {
    const server = metricsServer(api.app.metrics.registry);
    try {
      const response = await server.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('http_request_duration_seconds_bucket');
      expect((await server.inject({ method: 'GET', url: '/health' })).statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });
});
