import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { IdentityVerifier } from '../features/auth/identity';
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-data';

export const DEMO_SELLERS = DEMO_ACCOUNTS.filter((account) => account.role === 'Seller');

/** Demo accounts as database records (no sign-in accounts: see ensureDemoAccounts); their ids by e-mail. */
export async function ensureDemoUsers(db: Db, accounts: readonly DemoAccount[]): Promise<Map<string, string>> {
  await db
    .insert(users)
    .values(accounts.map(({ email, name, role }) => ({ email, name, role })))
    .onConflictDoNothing({ target: users.email });
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        accounts.map((a) => a.email),
      ),
    );
  return new Map(rows.map((row) => [row.email, row.id]));
}

export function sellersOf(ids: Map<string, string>) {
  return DEMO_SELLERS.map((account) => ({ id: ids.get(account.email)!, name: account.name }));
}

/**
 * A demo account the Auth emulator did not make, and why: no response yet (it is still starting), or
 * its own refusal. Only "already exists" is worth a retry among refusals: the next lookup finds it.
 */
export class DemoAccountError extends Error {
  readonly worthRetrying: boolean;
  constructor(email: string, cause: unknown) {
    const code = typeof cause === 'object' && cause !== null ? (cause as { code?: unknown }).code : undefined;
    const words = (cause instanceof Error ? cause.message : String(cause)).split('\n')[0]!.slice(0, 200);
    const refused = typeof code === 'string' && code.startsWith('auth/');
    super(`demo sign-in account ${email}: ${refused ? `the Auth emulator refused it: ${code} (${words})` : `the Auth emulator did not respond (${words})`}`, {
      cause,
    });
    this.worthRetrying = !refused || code === 'auth/email-already-exists';
  }
}

/** Only with the Auth emulator: the demo accounts get sign-in accounts there, and their records the uid at once (docs/api.md, "The demo accounts"). */
export async function ensureDemoAccounts(identity: IdentityVerifier, db: Db, password: string): Promise<number> {
  if (!identity.isEmulator || !identity.ensureUser) return 0;
  const ids = await ensureDemoUsers(db, DEMO_ACCOUNTS);
  let linked = 0;
  for (const account of DEMO_ACCOUNTS.filter((candidate) => candidate.signIn)) {
    const uid = await identity.ensureUser({ email: account.email, password, displayName: account.name }).catch((error: unknown) => {
      throw new DemoAccountError(account.email, error);
    });
    // The emulator's own account for the address wins: its data may have been reset since.
    await db
      .update(users)
      .set({ identityUid: uid })
      .where(eq(users.id, ids.get(account.email)!));
    linked += 1;
  }
  return linked;
}
