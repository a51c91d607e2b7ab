/** Numbers read from the environment, and the error a set-up the API refuses to run with raises. */

/** A set-up the API refuses to run with; the message says what to change. */
export class ConfigError extends Error {}

/** A non-negative number, or the fallback when unset. */
export function numberFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`Expected a non-negative number, got "${value}"`);
  return parsed;
}

/** A whole number of at least `least`, or the fallback when unset; names the setting when refused. */
export function countFromEnv(name: string, value: string | undefined, fallback: number, least = 0): number {
  const parsed = numberFromEnv(value, fallback);
  if (!Number.isInteger(parsed) || parsed < least) throw new ConfigError(`${name} must be a whole number of at least ${least}, got "${value}"`);
  return parsed;
}
