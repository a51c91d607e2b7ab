import { describeReleaseSite, hashed } from '../../../test/release-site';

/** A release's files (docs/api.md, "Releases"): uploaded before it is registered, never changed after, no upload silently dropped. */
describeReleaseSite('release files', (site) => {
  const version = hashed('2.0.0', 1);
  const put = (file: string, body: string) => site().put(site().tokens.checkout, 'checkout', version, file, body);
  const served = async (url: string) => (await site().api.inject({ method: 'GET', url: new URL(url).pathname })).body;

  it("publishes a file under its version, served for a year to the site's pages only", async () => {
    const uploaded = await put('server/remoteEntry.js', 'module.exports = 2;');
    expect(uploaded.statusCode).toBe(201);
    const { url } = uploaded.json<{ url: string }>();
    expect(url).toBe(`http://127.0.0.1:5000/release-files/checkout/${version}/server/remoteEntry.js`);
    const response = await site().api.inject({ method: 'GET', url: new URL(url).pathname, headers: { origin: 'http://localhost:3000' } });
    expect(response.body).toBe('module.exports = 2;');
    expect(response.headers).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
      'access-control-allow-origin': 'http://localhost:3000',
      'content-type': 'text/javascript; charset=utf-8',
    });
    const elsewhere = await site().api.inject({ method: 'GET', url: new URL(url).pathname, headers: { origin: 'http://elsewhere.test' } });
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
    expect((await put('..%2F..%2Fcatalog%2F1.0.0%2FremoteEntry.js', 'x')).statusCode).toBe(400);
  });

  it('takes the same bytes again (an upload retried) and refuses other bytes, keeping the first', async () => {
    const again = await put('server/remoteEntry.js', 'module.exports = 2;');
    expect(again.statusCode).toBe(200);
    const other = await put('server/remoteEntry.js', 'module.exports = "someone else";');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      message: `server/remoteEntry.js of checkout ${version} was uploaded before with other bytes: a version names one build (its files' hash), so a changed build gets a version of its own`,
    });
    expect(await served(again.json<{ url: string }>().url)).toBe('module.exports = 2;');
  });

  it('keeps exactly one of two different uploads sent at once, and tells the other it was refused', async () => {
    const [first, second] = await Promise.all([put('race.js', 'first'), put('race.js', 'second')]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const kept = first.statusCode === 201 ? 'first' : 'second';
    expect(await served(first.json<{ url: string }>().url ?? second.json<{ url: string }>().url)).toBe(kept);
  });

  it('lets a half-uploaded version be finished and registered, and then changes none of its files', async () => {
    const half = hashed('2.0.0', 2);
    // Cut short after its first file, as a lost connection leaves it.
    expect((await site().put(site().tokens.checkout, 'checkout', half, 'remoteEntry.js', `/* checkout ${half} */`)).statusCode).toBe(201);
    const manifestUrl = await site().publish(site().tokens.checkout, 'checkout', half);
    const registered = await site().api.inject({
      method: 'POST',
      url: '/releases',
      headers: { authorization: `Bearer ${site().tokens.checkout}` },
      payload: { remote: 'checkout', version: half, manifestUrl },
    });
    expect(registered.statusCode).toBe(201);
    for (const file of ['remoteEntry.js', 'new-file.js']) {
      const late = await site().put(site().tokens.checkout, 'checkout', half, file, 'alert(1)');
      expect(late.statusCode).toBe(409);
      expect(late.json<{ message: string }>().message).toBe(
        `checkout ${half} is registered: its files never change. Releasing the same build again needs no upload (npm run release does that); a changed build gets a version of its own`,
      );
    }
    expect(await served(manifestUrl.replace('mf-manifest.json', 'remoteEntry.js'))).toBe(`/* checkout ${half} */`);
  });
});
