import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AppConfig, defaultConfig } from '../src/config';

/** What every test app runs with; an app built with it accepts the access tokens of any other. */
export const TEST_CONFIG: AppConfig = {
  ...defaultConfig,
  jwtSecret: 'test-secret-at-least-32-characters-long',
  logLevel: false,
  authRateLimitPerMinute: 10_000,
  // Counted as in production, but out of reach of the suites' many accounts from one address.
  writeLimits: {
    listings: 10_000,
    bookings: 10_000,
    paymentIntents: 10_000,
    registrations: 10_000,
    photos: 10_000,
    edits: 10_000,
    savedSearches: 10_000,
    favourites: 10_000,
    reports: 10_000,
    messages: 10_000,
    windowMinutes: 60,
  },
  // The message mail tests queue what is due themselves, on their own clock.
  messageMail: { ...defaultConfig.messageMail, scanMs: 0 },
  // TestApi gives each app a folder of its own; this one is for apps built directly, which upload nothing.
  photos: { storage: { kind: 'folder', dir: path.join(tmpdir(), 'usedcars-test-photos') }, concurrency: 1 },
  // Likewise for release files: never the repository's own .data/releases.
  releases: { ...defaultConfig.releases, storage: { kind: 'folder', dir: path.join(tmpdir(), 'usedcars-test-releases') } },
};
