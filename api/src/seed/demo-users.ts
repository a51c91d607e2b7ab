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

/** Only with the Auth emulator: the demo accounts get sign-in accounts there, and their records the uid at once (docs/api.md, "The demo accounts"). */
export async function ensureDemoAccounts(identity: IdentityVerifier, db: Db, password: string): Promise<number> {
  if (!identity.isEmulator || !identity.ensureUser) return 0;
  const ids = await ensureDemoUsers(db, DEMO_ACCOUNTS);
  let linked = 0;
  for (const account of DEMO_ACCOUNTS.filter((candidate) => candidate.signIn)) {
    const uid = await identity.ensureUser({ email: account.email, password, displayName: account.name });
    // The emulator's own account for the address wins: its data may have been reset since.
    await db
      .update(users)
      .set({ identityUid: uid })
      .where(eq(users.id, ids.get(account.email)!));
    linked += 1;
  }
  return linked;
}
