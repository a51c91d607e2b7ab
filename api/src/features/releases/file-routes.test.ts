import { existsSync } from 'node:fs';
import path from 'node:path';
import { describeReleaseSite, hashed } from '../../../test/release-site';

/** A release's files (docs/api.md, "Releases"): uploaded before it is registered, served only after, never changed after, no upload silently dropped. */
describeReleaseSite('release files', (site) => {
  const version = hashed('2.0.0', 1);
  const put = (file: string, body: string, at = version) => site().put(site().tokens.checkout, 'checkout', at, file, body);
  const get = (url: string, origin?: string) => site().api.inject({ method: 'GET', url: new URL(url).pathname, headers: origin ? { origin } : {} });
  const served = async (url: string) => (await get(url)).body;
  const register = (at: string) => site().register(site().tokens.checkout, 'checkout', at);

  it("keeps an uploaded file out of every page's reach until its version is registered, then serves it for a year to the site's pages only", async () => {
    const uploaded = await put('static/js/app.js', 'window.checkout = 2;');
    expect(uploaded.statusCode).toBe(201);
    const { url } = uploaded.json<{ url: string }>();
    expect(url).toBe(`http://127.0.0.1:5000/release-files/checkout/${version}/static/js/app.js`);
    // Not registered: nobody loads it, not even from where it waits (a folder no release key can name).
    for (const address of [url, `http://127.0.0.1:5000/release-files/.uploads/checkout/${version}/static/js/app.js`]) {
      const early = await get(address, 'http://localhost:3000');
      expect({ address, status: early.statusCode, body: early.body }).toEqual({ address, status: 404, body: expect.not.stringContaining('checkout = 2') });
    }
    expect(existsSync(path.join(site().releaseDir, 'checkout', version))).toBe(false);

    await register(version);
    const response = await get(url, 'http://localhost:3000');
    expect(response.body).toBe('window.checkout = 2;');
    expect(response.headers).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
      'access-control-allow-origin': 'http://localhost:3000',
      'content-type': 'text/javascript; charset=utf-8',
    });
    expect((await get(url, 'http://elsewhere.test')).headers['access-control-allow-origin']).toBeUndefined();
    // The upload area lets a registered version's files go.
    expect(existsSync(path.join(site().releaseDir, '.uploads', 'checkout', version, 'static', 'js', 'app.js'))).toBe(false);
    expect((await put('..%2F..%2Fcatalog%2F1.0.0%2FremoteEntry.js', 'x')).statusCode).toBe(400);
  });

  it('takes the same bytes again (an upload retried) and refuses other bytes, keeping the first', async () => {
    const other = hashed('2.0.0', 3);
    expect((await put('static/js/app.js', 'window.checkout = 3;', other)).statusCode).toBe(201);
    const again = await put('static/js/app.js', 'window.checkout = 3;', other);
    expect(again.statusCode).toBe(200);
    const changed = await put('static/js/app.js', 'window.checkout = "someone else";', other);
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({
      message: `static/js/app.js of checkout ${other} was uploaded before with other bytes: a version names one build (its files' hash), so a changed build gets a version of its own`,
    });
    await register(other);
    expect(await served(again.json<{ url: string }>().url)).toBe('window.checkout = 3;');
  });

  it('keeps exactly one of two different uploads sent at once, and tells the other it was refused', async () => {
    const raced = hashed('2.0.0', 4);
    const [first, second] = await Promise.all([put('race.js', 'first', raced), put('race.js', 'second', raced)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const kept = first.statusCode === 201 ? 'first' : 'second';
    await register(raced);
    expect(await served(first.json<{ url: string }>().url ?? second.json<{ url: string }>().url)).toBe(kept);
  });

  it('lets a half-uploaded version be finished and registered, and then changes none of its files', async () => {
    const half = hashed('2.0.0', 2);
    // Cut short after its first file, as a lost connection leaves it.
    expect((await site().put(site().tokens.checkout, 'checkout', half, 'remoteEntry.js', `/* checkout ${half} */`)).statusCode).toBe(201);
    const manifestUrl = await register(half);
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
