import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, identityEnvironmentProblem, settingsFromEnv } from './config';

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
});
