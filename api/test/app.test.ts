import { describeEachDriver } from './helpers';

describeEachDriver('the server', (api) => {
  it('responds to /health', async () => {
    const response = await api().inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI document with every route of docs/api.md', async () => {
    const response = await api().inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/jwt',
        '/users',
        '/user',
        '/allUsers/{id}',
        '/audis',
        '/hondas',
        '/mercedess',
        '/audis/{id}',
        '/mercedess/{id}',
        '/myAudi',
        '/myHonda',
        '/myMercedess',
        '/bookings',
        '/bookings/{id}',
        '/myBuyers',
        '/create-payment-intent',
        '/payments',
      ]),
    );
    expect(JSON.stringify(response.json())).toContain('at most 100 cars');
    expect((await api().inject({ method: 'GET', url: '/docs' })).statusCode).toBeLessThan(400);
  });

  it('allows only the site origins, and exposes the total header', async () => {
    const allowed = await api().inject({ method: 'GET', url: '/audis', headers: { origin: 'http://localhost:3001' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3001');
    expect(allowed.headers['access-control-expose-headers']).toContain('X-Total-Count');
    expect(allowed.headers['access-control-expose-headers']).toContain('Retry-After');
    const refused = await api().inject({ method: 'GET', url: '/audis', headers: { origin: 'https://evil.example' } });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends security headers and lets the site use its pictures', async () => {
    const picture = await api().inject({ method: 'GET', url: '/images/cars/sedan-blue.svg' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');
    expect(picture.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
  });

  it('responds to unknown paths with 404 and a message', async () => {
    const response = await api().inject({ method: 'GET', url: '/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No route GET /nope' });
  });

  it('refuses malformed JSON with 400 and oversized bodies with 413, without a stack', async () => {
    const buyer = await api().account('Buyer');
    const seller = await api().account('Seller');
    const malformed = await api().inject({
      method: 'POST',
      url: '/bookings',
      headers: { ...buyer.auth, 'content-type': 'application/json' },
      payload: '{"carId":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The body is not valid JSON' });
    const big = await api().inject({
      method: 'POST',
      url: '/audis',
      headers: { ...seller.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ details: 'x'.repeat(40_000) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/larger than 32 KB/);
    expect(big.body).not.toContain(' at ');
  });

  it('reads no body for a caller it refuses: 401 before malformed or oversized JSON is looked at', async () => {
    const malformed = await api().inject({ method: 'POST', url: '/bookings', headers: { 'content-type': 'application/json' }, payload: '{"carId":' });
    expect(malformed.statusCode).toBe(401);
    const big = await api().inject({
      method: 'POST',
      url: '/audis',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ details: 'x'.repeat(40_000) }),
    });
    expect(big.statusCode).toBe(401);
    expect(big.json()).toEqual({ message: 'Sign in first: a valid bearer token is required' });
  });
});
