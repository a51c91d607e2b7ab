/**
 * The real adapter over the real Firebase Auth SDK (its browser build, as webpack ships it),
 * against a real Auth emulator this file starts on ports the OS hands out and stops again.
 * jsdom gives the SDK the localStorage the site relies on; jsdom has no fetch, so the
 * environment lends it Node's (the SDK's calls to the emulator are real HTTP).
 *
 * @jest-environment ../jest/jsdom-with-fetch.cjs
 */
import { Buffer } from 'node:buffer';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '@testing-library/react';
import { deleteApp, getApps } from 'firebase/app';
import type { AuthUser } from '../authStore';
import { readRuntimeConfig, type RuntimeConfig } from '@usedcars/federation/config';
import { describeAuthError } from './errors';
import { createFirebaseIdentity } from './firebaseIdentity';
import type { IdentityAdapter } from './types';
import { startAuthEmulatorProcess, type AuthEmulatorProcess } from '../../../scripts/auth-emulator.cjs';

jest.setTimeout(15_000);

let emulator: AuthEmulatorProcess | undefined;
let emulatorDir: string | undefined;

/** Ports free right now, picked by the OS, so a run never meets `npm start`'s or the e2e suite's. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** Started as scripts/site.mjs starts it, minus what a test has no use for: the gapi proxy and saved accounts. */
async function startAuthEmulator(): Promise<string> {
  const [authPort, hubPort, loggingPort] = (await freePorts(3)) as [number, number, number];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-auth-test-'));
  emulatorDir = dir;
  emulator = await startAuthEmulatorProcess({
    authPort,
    hubPort,
    loggingPort,
    dir, // its firebase-debug.log lands here
    // Nothing in jest's output; a failure to start quotes what it printed.
    echo: false,
    // Not detached (site.mjs's are): Ctrl-C on jest then stops it too, so nothing outlives the run.
    detached: false,
    // The hub writes a locator file per project id into TMPDIR; this one's stays out of `npm start`'s.
    env: { TMPDIR: dir },
  });
  return emulator.url;
}

/** Stops the emulator this file spawned (by its PID, nothing else) and waits until it is gone. */
async function stopAuthEmulator(): Promise<void> {
  await emulator?.stop({ signal: 'SIGTERM', forceAfterMs: 10_000 }); // a clean shutdown takes it about 1.5 s
  if (emulatorDir) rmSync(emulatorDir, { recursive: true, force: true });
}

let config: RuntimeConfig;

beforeAll(async () => {
  const url = await startAuthEmulator();
  // What a page's config.json says in development; runtimeConfig accepts the emulator for demo- ids.
  config = readRuntimeConfig({
    apiUrl: 'http://127.0.0.1:9',
    firebase: { apiKey: 'demo-key', authDomain: 'demo-usedcars.firebaseapp.com', projectId: 'demo-usedcars' },
    authEmulatorUrl: url,
  });
  expect(config.authEmulatorUrl).toBe(url);
}, 90_000);

afterAll(stopAuthEmulator, 30_000);

interface Page {
  identity: IdentityAdapter;
  /** Everything the adapter's onChange has reported, oldest first. */
  reports: (AuthUser | null)[];
}

/** A page load needing the SDK: the adapter built as session.ts builds it, and a listener on it. */
function openPage(): Page {
  const identity = createFirebaseIdentity(config);
  const reports: (AuthUser | null)[] = [];
  identity.onChange((user) => reports.push(user));
  return { identity, reports };
}

/** The tab closes: its Firebase app goes, localStorage stays (a reload reads it). */
async function closePage(): Promise<void> {
  await Promise.all(getApps().map((app) => deleteApp(app)));
}

afterEach(async () => {
  await closePage();
  localStorage.clear();
});

let accounts = 0;
const newEmail = () => `buyer${++accounts}-${Date.now()}@usedcars.test`;

/** A JWT's payload; the emulator's tokens are unsigned but shaped like real ones. */
function claims(token: string | null): Record<string, unknown> {
  const parts = token?.split('.') ?? [];
  expect(parts).toHaveLength(3);
  return JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Where the SDK keeps the signed-in person; session.ts looks for it before loading the SDK. */
const storedSessions = () => Object.keys(localStorage).filter((key) => key.startsWith('firebase:authUser:'));

async function refusal(attempt: Promise<unknown>): Promise<unknown> {
  return attempt.then(
    () => {
      throw new Error('expected the identity service to refuse');
    },
    (error: unknown) => error,
  );
}

test('sign up creates the account with its display name; onChange reports the person; the token names them', async () => {
  const { identity, reports } = openPage();
  await waitFor(() => expect(reports).toEqual([null])); // a first visit: nobody signed in

  const email = newEmail();
  const user = await identity.signUp(email, 'secret-123', 'Ann Buyer');
  expect(user).toEqual({ uid: expect.any(String), email, displayName: 'Ann Buyer' });
  // Reported as soon as the account exists, before its name is set; the session takes the
  // name from signUp's response, and every later report carries it (next tests).
  await waitFor(() => expect(reports.at(-1)).toMatchObject({ uid: user.uid, email }));

  // The API reads the person from this token: the fresh one already carries the name.
  expect(claims(await identity.getIdToken())).toMatchObject({ email, name: 'Ann Buyer', user_id: user.uid, aud: 'demo-usedcars' });
  expect(storedSessions()).toHaveLength(1);
});

test('signing out: onChange reports nobody, no token is given, nothing stays in localStorage', async () => {
  const { identity, reports } = openPage();
  const user = await identity.signUp(newEmail(), 'secret-123', 'Ann Buyer');
  await waitFor(() => expect(reports.at(-1)).toMatchObject({ uid: user.uid }));

  await identity.signOut();

  await waitFor(() => expect(reports.at(-1)).toBeNull());
  expect(await identity.getIdToken()).toBeNull();
  expect(storedSessions()).toEqual([]);
});

test('signing in with the right password reports uid, e-mail and name; a reload restores the person', async () => {
  const email = newEmail();
  let page = openPage();
  const created = await page.identity.signUp(email, 'secret-123', 'Ann Buyer');
  await page.identity.signOut();
  await waitFor(() => expect(page.reports.at(-1)).toBeNull());

  const user = await page.identity.signIn(email, 'secret-123');
  expect(user).toEqual({ uid: created.uid, email, displayName: 'Ann Buyer' });
  await waitFor(() => expect(page.reports.at(-1)).toEqual(user));
  expect(claims(await page.identity.getIdToken())).toMatchObject({ email, user_id: user.uid });

  // A reload: a new page finds the person in localStorage and reports them first, never a
  // signed-out moment that would send them to the login screen.
  expect(storedSessions()).toHaveLength(1);
  await closePage();
  page = openPage();
  await waitFor(() => expect(page.reports.length).toBeGreaterThan(0));
  expect(page.reports[0]).toEqual(user);
  expect(claims(await page.identity.getIdToken())).toMatchObject({ email });
});

describe('a refusal carries Firebase’s code, which describeAuthError puts in words', () => {
  const existing = newEmail();

  beforeAll(async () => {
    const { identity } = openPage();
    await identity.signUp(existing, 'secret-123', 'Ann Buyer');
    await closePage();
    localStorage.clear();
  });

  // The emulator responds to a wrong password with auth/wrong-password; a real project with e-mail
  // enumeration protection says auth/invalid-credential instead (errors.test.ts has both).
  test.each<[string, (identity: IdentityAdapter) => Promise<unknown>, string, string]>([
    ['a wrong password', (identity) => identity.signIn(existing, 'not-her-password'), 'auth/wrong-password', 'Wrong e-mail or password.'],
    [
      'an unknown e-mail',
      (identity) => identity.signIn(newEmail(), 'secret-123'),
      'auth/user-not-found',
      'No account uses this e-mail. Create a new account first.',
    ],
    [
      'an e-mail already in use',
      (identity) => identity.signUp(existing, 'other-secret', 'Someone Else'),
      'auth/email-already-in-use',
      'An account with this e-mail already exists. Log in instead.',
    ],
    [
      'a weak password',
      (identity) => identity.signUp(newEmail(), '12345', 'Ann Buyer'),
      'auth/weak-password',
      'The password is too weak: use at least 6 characters.',
    ],
  ])('%s', async (_case, attempt, code, message) => {
    const { identity, reports } = openPage();
    await waitFor(() => expect(reports).toEqual([null]));

    const error = await refusal(attempt(identity));

    expect(error).toMatchObject({ code });
    expect(describeAuthError(error)).toBe(message);
    // Nobody got signed in along the way.
    expect(reports).toEqual([null]);
    expect(await identity.getIdToken()).toBeNull();
  });
});

test('deleteAccount removes the account: signed out, and signing in again finds no account', async () => {
  const { identity, reports } = openPage();
  const email = newEmail();
  const user = await identity.signUp(email, 'secret-123', 'Ann Buyer');
  await waitFor(() => expect(reports.at(-1)).toMatchObject({ uid: user.uid }));

  await identity.deleteAccount();

  await waitFor(() => expect(reports.at(-1)).toBeNull());
  expect(await identity.getIdToken()).toBeNull();
  expect(storedSessions()).toEqual([]);
  const error = await refusal(identity.signIn(email, 'secret-123'));
  expect(error).toMatchObject({ code: 'auth/user-not-found' });
  expect(describeAuthError(error)).toBe('No account uses this e-mail. Create a new account first.');
});
