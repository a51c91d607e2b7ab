import type { LiveSet, Release } from '@usedcars/shared-contract';
import { describeReleaseSite, hashed, remoteManifest, shared, staticServer } from '../../../test/release-site';

/** A deploy token's hostile or careless registrations (docs/releases.md, "What is trusted"): each refused with its reason, nothing registered. */
describeReleaseSite('what the registry accepts as a release', (site) => {
  const register = (payload: Record<string, unknown>, token = site().tokens.catalog) =>
    site().api.inject({ method: 'POST', url: '/releases', headers: { authorization: `Bearer ${token}` }, payload: { remote: 'catalog', ...payload } });
  const live = async () => (await site().api.inject({ method: 'GET', url: '/releases/live' })).json<LiveSet>().remotes;
  const refusedWith = async (payload: Record<string, unknown>, message: string | RegExp, status = 400) => {
    const response = await register(payload);
    expect({ status: response.statusCode, message: response.json<{ message: string }>().message }).toEqual({
      status,
      message: typeof message === 'string' ? expect.stringContaining(message) : expect.stringMatching(message),
    });
  };

  it('refuses a manifest anywhere but the release storage and the listed origins, without asking that address', async () => {
    const trap = await staticServer({ '/mf-manifest.json': { json: remoteManifest('catalog') } });
    const port = new URL(trap.origin).port;
    try {
      for (const [manifestUrl, reason] of [
        [`${trap.origin}/mf-manifest.json`, `127.0.0.1:${port} is a loopback address`],
        [`http://localhost:${port}/mf-manifest.json`, `localhost:${port} is a loopback address`],
        [`http://[::1]:${port}/mf-manifest.json`, `[::1]:${port} is a loopback address`],
        ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
        ['http://[fe80::1]/mf-manifest.json', '[fe80::1] is a link-local address'],
        [`http://user:pass@127.0.0.1:${port}/mf-manifest.json`, 'may not carry a user name or password'],
        [`${site().listed.origin.replace('//', '//team@')}/mf-manifest.json`, 'may not carry a user name or password'],
        ['https://cdn.example.test/catalog/1.0.0/mf-manifest.json', 'https://cdn.example.test is not where this site keeps releases'],
        ['http://127.0.0.1:5000/other/catalog/mf-manifest.json', '127.0.0.1:5000 is a loopback address'],
      ]) {
        await refusedWith({ version: '0.1.0', manifestUrl }, reason!);
      }
      expect((await register({ version: '0.1.0', manifestUrl: 'ftp://cdn.example.test/mf-manifest.json' })).statusCode).toBe(400);
      expect(trap.asked).toEqual([]);
      expect(await live()).toEqual({});
    } finally {
      await trap.close();
    }
  });

  it("loads a release on the storage only from its own files, not another remote's or another version's", async () => {
    const checkout = await site().publish(site().tokens.checkout, 'checkout', hashed('0.1.0', 7), remoteManifest('checkout'));
    await refusedWith({ version: hashed('0.1.0', 7), manifestUrl: checkout }, 'A release on the release storage is loaded from its own files');
    const mine = await site().publish(site().tokens.catalog, 'catalog', hashed('0.1.0', 8));
    await refusedWith({ version: hashed('0.1.0', 9), manifestUrl: mine }, 'loaded from its own files');
    await refusedWith(
      { version: hashed('0.1.0', 10), manifestUrl: `http://127.0.0.1:5000/release-files/catalog/${hashed('0.1.0', 10)}/mf-manifest.json` },
      'has no mf-manifest.json uploaded: upload its files first',
    );
  });

  it('runs the preflight itself: a build needing another major of a shared singleton is refused, whatever the caller claims', async () => {
    const version = hashed('0.1.0', 11);
    const manifestUrl = await site().publish(site().tokens.catalog, 'catalog', version, remoteManifest('catalog', {}, [shared('react', '20.0.0')]));
    await refusedWith(
      { version, manifestUrl, preflight: 'passed' },
      `The preflight refused catalog ${version}: it needs react 20.0.0 (the site has 19.3.1). Nothing was registered.`,
    );
    expect(await live()).toEqual({});
  });

  it('records its own verdict: a build bringing its own copy of a package passes, and says so', async () => {
    const version = hashed('0.1.0', 12);
    const manifestUrl = await site().publish(
      site().tokens.catalog,
      'catalog',
      version,
      remoteManifest('catalog', {}, [shared('@usedcars/shared-ui', '0.2.0', false)]),
    );
    const response = await register({ version, manifestUrl, preflight: 'skipped', canary: 10 });
    expect(response.statusCode).toBe(201);
    expect(response.json<Release>().preflight).toBe('passed (1 own copy)');
  });

  it('responds with 503 and registers nothing while the site cannot be read', async () => {
    const version = hashed('0.1.0', 13);
    const manifestUrl = await site().publish(site().tokens.catalog, 'catalog', version);
    const shell = site().site.routes['/mf-manifest.json']!;
    site().site.routes['/mf-manifest.json'] = { status: 502 };
    try {
      await refusedWith(
        { version, manifestUrl },
        /^The API could not run the preflight: the site's shell manifest at http:\/\/127\.0\.0\.1:\d+\/mf-manifest\.json responded with 502/,
        503,
      );
    } finally {
      site().site.routes['/mf-manifest.json'] = shell;
    }
  });

  it('refuses a version other than the one pages and render servers would report for that address', async () => {
    const odd = 'release-candidate';
    const manifestUrl = await site().publish(site().tokens.catalog, 'catalog', odd);
    await refusedWith({ version: odd, manifestUrl }, 'Pages and render servers would report this build as 0.1.0, not release-candidate');
    await refusedWith({ version: '9.9.9', manifestUrl: `${site().listed.origin}/mf-manifest.json` }, 'would report this build as 0.1.0, not 9.9.9');
  });

  it('takes a build from a listed origin, under the version it reports, and never follows a redirect away from it', async () => {
    site().listed.routes['/moved/mf-manifest.json'] = { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } };
    await refusedWith({ version: '0.1.0', manifestUrl: `${site().listed.origin}/moved/mf-manifest.json` }, 'could not be read');
    const response = await register({ version: '0.1.0', manifestUrl: `${site().listed.origin}/mf-manifest.json`, canary: 5 });
    expect(response.statusCode).toBe(201);
    expect(response.json<Release>()).toMatchObject({ version: '0.1.0', status: 'canary', preflight: 'passed' });
  });

  it('refuses a manifest that would load code from elsewhere, or that is of another remote', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ getPublicPath: 'return "http://evil.test/"' }, 'may not carry getPublicPath'],
      [{ publicPath: 'http://evil.test/' }, 'Its publicPath is refused: http://evil.test is not where this site keeps releases'],
      [{ remoteEntry: { name: 'remoteEntry.js', path: 'http://evil.test' } }, 'must be files of the build itself'],
      [{ ssrRemoteEntry: { name: 'remoteEntry.js', path: '../../checkout/0.1.0' } }, 'must be files of the build itself'],
      [{ name: 'checkout' }, 'This manifest is a build of checkout, not of catalog'],
    ];
    for (const [index, [meta, reason]] of cases.entries()) {
      const version = hashed('0.3.0', index);
      const manifestUrl = await site().publish(site().tokens.catalog, 'catalog', version, remoteManifest('catalog', meta));
      await refusedWith({ version, manifestUrl }, reason);
    }
  });
});
