/**
 * Operator command: makes (or promotes) an admin, the only way to get that role.
 *   npm run admin -w api -- --email ops@example.com [--name "Ops Person"] [--password secret]
 * With --password the sign-in account is created too (in the Auth emulator when
 * FIREBASE_AUTH_EMULATOR_HOST is set, otherwise in FIREBASE_PROJECT_ID with admin credentials).
 */
import { parseArgs } from 'node:util';
import { emailField } from '@usedcars/shared-contract';
import { eq } from 'drizzle-orm';
import { settingsFromEnv } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { users } from '../db/schema';
import { FirebaseIdentity } from '../features/auth/identity';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } } });
  const email = emailField().parse(values.email);
  const name = values.name?.trim() || 'Admin';
  // Refuses an emulator where it must not be, before anything is written or opened.
  const settings = settingsFromEnv();
  const identity = new FirebaseIdentity(settings.identity);
  const database = openConfiguredDatabase(settings);
  try {
    await database.migrate();
    const uid = values.password ? await identity.ensureUser({ email, password: values.password, displayName: name }) : undefined;
    const [user] = await database.db
      .insert(users)
      .values({ email, name, role: 'admin', identityUid: uid })
      .onConflictDoUpdate({ target: users.email, set: { role: 'admin', ...(uid ? { identityUid: uid } : {}) } })
      .returning();
    if (values.name && user) await database.db.update(users).set({ name }).where(eq(users.id, user.id));
    console.log(`${email} is an admin${uid ? ` (sign-in account ${uid})` : ''}`);
  } finally {
    await identity.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
