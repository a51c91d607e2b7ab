import { TEST_CONFIG, TestApi, createTestDatabase, describeEachDriver } from './helpers';

describeEachDriver('requests a stranger shapes by hand', (api, driver) => {
  it('refuses an address part past the length limit with 414 and only a message', async () => {
    const response = await api().inject({ method: 'GET', url: `/audis/${'a'.repeat(500)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: 'A part of the address is too long' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a broken %-escape in an address part with 400 and only a message', async () => {
    const response = await api().inject({ method: 'GET', url: '/audis/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The address is not valid: it has a broken %-escape' });
  });

  it('responds with 304 when If-None-Match lists the ETag among others, weak or strong, or is *', async () => {
    const first = await api().inject({ method: 'GET', url: '/audis?limit=2' });
    const etag = first.headers.etag as string;
    const strong = etag.replace(/^W\//, '');
    expect(strong).toMatch(/^"[^"]+"$/);
    for (const header of [etag, strong, `W/${strong}`, `"other", ${strong}`, `W/"other",${etag}`, '*']) {
      const again = await api().inject({ method: 'GET', url: '/audis?limit=2', headers: { 'if-none-match': header } });
      expect({ header, status: again.statusCode, body: again.body }).toEqual({ header, status: 304, body: '' });
    }
    for (const header of ['"other"', 'W/"other", "else"', strong.slice(1, -1)]) {
      const again = await api().inject({ method: 'GET', url: '/audis?limit=2', headers: { 'if-none-match': header } });
      expect({ header, status: again.statusCode }).toEqual({ header, status: 200 });
    }
  });

  it('sends Strict-Transport-Security only on requests that came over HTTPS, as a trusted proxy says', async () => {
    const direct = await api().inject({ method: 'GET', url: '/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    const proxied = await new TestApi(await createTestDatabase(driver), { config: { ...TEST_CONFIG, trustProxy: true } }).start();
    try {
      const secure = await proxied.inject({ method: 'GET', url: '/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await proxied.inject({ method: 'GET', url: '/health', headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.stop();
    }
  });
});
