import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DRIVERS, TestApi, createTestDatabase } from '../../../test/helpers';
import { users } from '../../db/schema';
import { DeployTokenError, runningSite, tokenFromApi } from './deploy-token-request';

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** `npm run deploy-token` while the site runs: the running API makes the token, asked by the demo admin (docs/releases.md, "Deploy tokens"). */
describe.each(DRIVERS)('a deploy token asked of the running API (%s)', (driver) => {
  let api: TestApi;
  let apiUrl = '';
  let identity: Server;
  let identityUrl = '';
  let dataDir = '';
  const signIns: Array<{ email: string; password: string }> = [];

  beforeAll(async () => {
    api = await new TestApi(await createTestDatabase(driver)).start();
    await api.db.insert(users).values({ name: 'Demo Admin', email: 'admin@usedcars.test', role: 'admin', identityUid: 'uid-admin@usedcars.test' });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    apiUrl = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
    // The identity service's password sign-in (the Auth emulator's REST API), responding with the test identity's tokens.
    identity = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const { email, password } = JSON.parse(body) as { email: string; password: string };
        signIns.push({ email, password });
        const known = request.url === '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key' && password === 'usedcars-demo';
        response.writeHead(known ? 200 : 400, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(known ? { idToken: api.identity.signIn(email, 'Someone', `uid-${email}`) } : { error: { message: 'INVALID_LOGIN_CREDENTIALS' } }),
        );
      });
    });
    identityUrl = await listen(identity);
    dataDir = mkdtempSync(path.join(tmpdir(), 'usedcars-deploy-token-'));
  });
  afterAll(async () => {
    await new Promise((resolve) => {
      identity.close(resolve);
      identity.closeAllConnections();
    });
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const writeSiteConfig = (config: Record<string, unknown>) => {
    mkdirSync(path.join(dataDir, 'site'), { recursive: true });
    writeFileSync(path.join(dataDir, 'site', 'config.json'), JSON.stringify(config));
  };

  it('finds no running site on a data folder npm start never used, or whose API is gone: the command then writes to the database', async () => {
    expect(await runningSite(undefined, dataDir)).toBeNull();
    writeSiteConfig({ apiUrl: 'http://127.0.0.1:9', firebase: { apiKey: 'demo-key' } });
    expect(await runningSite(undefined, dataDir)).toBeNull();
    await expect(runningSite('http://127.0.0.1:9/', dataDir)).rejects.toThrow(DeployTokenError);
  });

  it('signs in as the demo admin beside the Auth emulator and has the running API make a token that releases that remote', async () => {
    writeSiteConfig({ apiUrl: `${apiUrl}/`, firebase: { apiKey: 'demo-key' }, authEmulatorUrl: identityUrl });
    const site = await runningSite(undefined, dataDir);
    expect(site?.apiUrl).toBe(apiUrl);
    const created = await tokenFromApi(site!, { remote: 'catalog', name: 'Catalog team' });
    expect(created).toMatchObject({ name: 'Catalog team', remote: 'catalog', createdBy: 'admin@usedcars.test', by: 'admin@usedcars.test' });
    expect(signIns.at(-1)).toEqual({ email: 'admin@usedcars.test', password: 'usedcars-demo' });
    const upload = await fetch(`${apiUrl}/release-files/catalog/0.1.0-00000000aa/remoteEntry.js`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${created.token}` },
      body: 'x',
    });
    expect(upload.status).toBe(201);
  });

  it('says why when the sign-in or the account is refused, and needs an admin e-mail and password where there is no emulator', async () => {
    const site = { apiUrl, firebase: { apiKey: 'demo-key' }, authEmulatorUrl: identityUrl };
    await expect(tokenFromApi(site, { remote: 'catalog', name: 'x', password: 'wrong' })).rejects.toThrow(
      'signing in as admin@usedcars.test: 400 INVALID_LOGIN_CREDENTIALS',
    );
    const buyer = await api.account('Buyer');
    await expect(tokenFromApi(site, { remote: 'catalog', name: 'x', email: buyer.email })).rejects.toThrow(
      'POST /deploy-tokens: 403 Only admin accounts can create deploy tokens',
    );
    await expect(tokenFromApi({ apiUrl, firebase: { apiKey: 'real-key' } }, { remote: 'catalog', name: 'x' })).rejects.toThrow(
      'give an admin’s --email and put the password in ADMIN_PASSWORD',
    );
  });
});
