import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT, databaseFromEnv, photoSettingsFromEnv, settingsFromEnv } from './config';
import { ConfigError } from './envValues';
import { identityEnvironmentProblem } from './features/auth/identityEnvironment';
import { defaultRollbackSettings, releaseSettingsFromEnv, rollbackSettingsFromEnv } from './features/releases/settings';
import { TEST_CONFIG } from '../test/test-config';
import { trustProxyFromEnv } from '@usedcars/shared-contract/proxy';

describe('the identity environment', () => {
  const emulator = '127.0.0.1:9099';

  it('allows the emulator for a demo- project outside production', () => {
    expect(identityEnvironmentProblem({ emulatorHost: emulator, projectId: 'demo-usedcars' })).toBeNull();
    expect(identityEnvironmentProblem({ emulatorHost: emulator, projectId: 'demo-usedcars', nodeEnv: 'development' })).toBeNull();
    expect(identityEnvironmentProblem({ emulatorHost: emulator, projectId: 'demo-usedcars', nodeEnv: 'test' })).toBeNull();
  });

  it('refuses the emulator in production, whatever the project', () => {
    const problem = identityEnvironmentProblem({ emulatorHost: emulator, projectId: 'demo-usedcars', nodeEnv: 'production' });
    expect(problem).toMatch(/FIREBASE_AUTH_EMULATOR_HOST/);
    expect(problem).toMatch(/NODE_ENV=production/);
  });

  it('refuses the emulator for a project that is not a demo- one', () => {
    const problem = identityEnvironmentProblem({ emulatorHost: emulator, projectId: 'usedcars-prod' });
    expect(problem).toMatch(/FIREBASE_AUTH_EMULATOR_HOST/);
    expect(problem).toMatch(/usedcars-prod/);
    expect(identityEnvironmentProblem({ emulatorHost: emulator, projectId: 'my-demo-project' })).not.toBeNull();
  });

  it('has nothing to say about a real project without the emulator, in production or not', () => {
    expect(identityEnvironmentProblem({ projectId: 'usedcars-prod', nodeEnv: 'production' })).toBeNull();
    expect(identityEnvironmentProblem({ emulatorHost: '', projectId: 'usedcars-prod', nodeEnv: 'production' })).toBeNull();
    expect(identityEnvironmentProblem({ projectId: 'usedcars-prod' })).toBeNull();
  });
});

describe('the settings of the server and the CLIs', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'usedcars-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses an emulator for a real project before writing anything', () => {
    const env = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_PROJECT_ID: 'usedcars-prod', DATA_DIR: dataDir };
    expect(() => settingsFromEnv(env)).toThrow(ConfigError);
    expect(() => settingsFromEnv(env)).toThrow(/usedcars-prod/);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('keeps a token secret in the data folder once the set-up is allowed', () => {
    const env = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_PROJECT_ID: 'demo-usedcars', DATA_DIR: dataDir };
    const first = settingsFromEnv(env);
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);
    expect(settingsFromEnv(env).app.jwtSecret).toBe(first.app.jwtSecret);
  });

  it('reads the write limits and which proxies to trust', () => {
    const settings = settingsFromEnv({ DATA_DIR: dataDir, WRITE_LIMIT_BOOKINGS: '5', TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' });
    expect(settings.app.writeLimits).toMatchObject({ bookings: 5, listings: 30 });
    expect(settings.app.trustProxy).toEqual(['10.0.0.0/8', '192.168.1.1']);
    expect(settingsFromEnv({ DATA_DIR: dataDir }).app.trustProxy).toBe(false);
  });

  it("reads where releases may load from: the release storage's address, RELEASE_ORIGINS, and the site the preflight judges against", () => {
    const env = { DATA_DIR: dataDir, PUBLIC_API_URL: 'https://api.example.com/', SITE_URL: 'https://www.example.com' };
    expect(settingsFromEnv({ ...env, RELEASE_ORIGINS: 'https://cdn.example.com, https://teams.example.com/catalog/' }).app.releases).toMatchObject({
      filesBaseUrl: 'https://api.example.com/release-files/',
      origins: ['https://cdn.example.com', 'https://teams.example.com/catalog/'],
      siteUrl: 'https://www.example.com',
    });
    const s3 = { PHOTO_STORAGE: 's3', PHOTO_S3_BUCKET: 'cars', PHOTO_PUBLIC_BASE_URL: 'https://media.example.com/', PHOTO_S3_PREFIX: 'photos/' };
    expect(settingsFromEnv({ ...env, ...s3 }).app.releases.filesBaseUrl).toBe('https://media.example.com/photos/releases/');
    for (const wrong of ['ftp://cdn.example.com', 'cdn.example.com', 'https://user:pass@cdn.example.com'])
      expect(() => settingsFromEnv({ ...env, RELEASE_ORIGINS: wrong })).toThrow(
        `RELEASE_ORIGINS takes http(s) origins or base addresses separated by commas, got "${wrong}"`,
      );
  });
});

describe('TRUST_PROXY', () => {
  it("is off unless set, a hop count when a number, else the proxies' addresses", () => {
    expect([undefined, '', 'false'].map(trustProxyFromEnv)).toEqual([false, false, false]);
    expect(trustProxyFromEnv('true')).toBe(true);
    expect(trustProxyFromEnv('2')).toBe(2);
    expect(trustProxyFromEnv('10.0.0.0/8,fd00::/8')).toEqual(['10.0.0.0/8', 'fd00::/8']);
  });
});

describe('relative folders', () => {
  it('are taken from the repository root, whichever folder the process runs in', () => {
    const cwd = process.cwd();
    try {
      const seen = [REPO_ROOT, path.join(REPO_ROOT, 'api'), tmpdir()].map((folder) => {
        process.chdir(folder);
        const { dataDir, pgliteDir } = databaseFromEnv({ DATA_DIR: '.data-relative' });
        return { dataDir, pgliteDir, photos: photoSettingsFromEnv({ PHOTO_DIR: 'pictures' }, dataDir).storage };
      });
      for (const settings of seen) {
        expect(settings).toEqual({
          dataDir: path.join(REPO_ROOT, '.data-relative'),
          pgliteDir: path.join(REPO_ROOT, '.data-relative', 'pglite'),
          photos: { kind: 'folder', dir: path.join(REPO_ROOT, 'pictures') },
        });
      }
    } finally {
      process.chdir(cwd);
    }
  });
});

describe('canary verdict settings', () => {
  it('default to 5 points and 50 %, acting on browser reports from 12 networks (more than two, three or ten forging addresses), healthy on few numbers after 30 min, checked every 30 s', () => {
    expect(rollbackSettingsFromEnv({})).toEqual({ marginPoints: 5, vitalsMargin: 0.5, minNetworks: 12, minAgeMs: 1_800_000, checkMs: 30_000 });
    expect(rollbackSettingsFromEnv({}).minNetworks).toBeGreaterThan(10);
    expect(
      rollbackSettingsFromEnv({
        RELEASE_ROLLBACK_MARGIN: '2.5',
        RELEASE_ROLLBACK_VITALS_MARGIN: '0.25',
        RELEASE_ROLLBACK_MIN_NETWORKS: '30',
        RELEASE_ROLLBACK_MIN_AGE_MS: '600000',
        RELEASE_ROLLBACK_CHECK_MS: '0',
      }),
    ).toEqual({ marginPoints: 2.5, vitalsMargin: 0.25, minNetworks: 30, minAgeMs: 600_000, checkMs: 0 });
  });

  it('refuse what makes no sense, saying what to set', () => {
    expect(() => rollbackSettingsFromEnv({ RELEASE_ROLLBACK_MIN_NETWORKS: '0' })).toThrow(ConfigError);
    expect(() => rollbackSettingsFromEnv({ RELEASE_ROLLBACK_MIN_NETWORKS: '1.5' })).toThrow(
      'RELEASE_ROLLBACK_MIN_NETWORKS must be a whole number of at least 1',
    );
    // The fixed minimums are gone: a site still setting one is told, not left believing it holds.
    expect(() => rollbackSettingsFromEnv({ RELEASE_ROLLBACK_MIN_VIEWS: '50' })).toThrow(
      /RELEASE_ROLLBACK_MIN_VIEWS is no longer read: a sequential test decides/,
    );
    expect(() => rollbackSettingsFromEnv({ RELEASE_ROLLBACK_MARGIN: '150' })).toThrow('percentage points');
    expect(() => rollbackSettingsFromEnv({ RELEASE_ROLLBACK_VITALS_MARGIN: '50' })).toThrow('is a ratio');
  });
});

describe('the release webhook', () => {
  const settings = (env: NodeJS.ProcessEnv) =>
    releaseSettingsFromEnv(env, '/data', TEST_CONFIG.photos.storage, (dir) => dir, defaultRollbackSettings, {
      siteUrl: 'http://site.test',
      publicApiUrl: 'http://api.test',
    }).webhook;

  it('is off without an address, and signs with a secret of 16+ characters', () => {
    expect(settings({})).toBeNull();
    expect(settings({ RELEASE_WEBHOOK_URL: 'https://chat.example.com/hooks/1', RELEASE_WEBHOOK_SECRET: 'a-secret-of-sixteen' })).toEqual({
      url: 'https://chat.example.com/hooks/1',
      secret: 'a-secret-of-sixteen',
      retryDelaysMs: [2_000, 10_000, 60_000],
    });
  });

  it('refuses an address without a secret, a short secret, a secret alone, and anything but http(s)', () => {
    expect(() => settings({ RELEASE_WEBHOOK_URL: 'https://chat.example.com/hooks/1' })).toThrow('RELEASE_WEBHOOK_SECRET must be at least 16 characters');
    expect(() => settings({ RELEASE_WEBHOOK_URL: 'https://chat.example.com/hooks/1', RELEASE_WEBHOOK_SECRET: 'short' })).toThrow(ConfigError);
    expect(() => settings({ RELEASE_WEBHOOK_SECRET: 'a-secret-of-sixteen' })).toThrow('without RELEASE_WEBHOOK_URL');
    expect(() => settings({ RELEASE_WEBHOOK_URL: 'ftp://chat.example.com/', RELEASE_WEBHOOK_SECRET: 'a-secret-of-sixteen' })).toThrow('http(s) address');
  });
});
