import { identityEnvironmentProblem } from './config';

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
