import { ConfigError } from '../../envValues';

export interface IdentityEnvironment {
  /** FIREBASE_AUTH_EMULATOR_HOST: firebase-admin then talks to the emulator. */
  emulatorHost?: string;
  projectId: string;
  nodeEnv?: string;
}

/**
 * Why the API must not start with this identity set-up, or null. With the emulator, firebase-admin
 * accepts unsigned ID tokens, so anyone could sign in as anyone: it is for local demo- projects
 * only (the prefix Firebase itself reserves for emulator-only projects), never in production.
 */
export function identityEnvironmentProblem({ emulatorHost, projectId, nodeEnv }: IdentityEnvironment): string | null {
  if (!emulatorHost) return null;
  if (nodeEnv === 'production') {
    return `FIREBASE_AUTH_EMULATOR_HOST is set (${emulatorHost}) with NODE_ENV=production: the Auth emulator accepts unsigned sign-in tokens. Unset it in production.`;
  }
  if (!projectId.startsWith('demo-')) {
    return `FIREBASE_AUTH_EMULATOR_HOST is set (${emulatorHost}) for the Firebase project "${projectId}": the Auth emulator is only for demo- projects. Unset it, or use a demo- project id locally.`;
  }
  return null;
}

export function assertSafeIdentity(environment: IdentityEnvironment): void {
  const problem = identityEnvironmentProblem(environment);
  if (problem) throw new ConfigError(problem);
}

export function identityFromEnv(env: NodeJS.ProcessEnv = process.env): IdentityEnvironment {
  return {
    projectId: env.FIREBASE_PROJECT_ID || 'demo-usedcars',
    emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST || undefined,
    nodeEnv: env.NODE_ENV,
  };
}
