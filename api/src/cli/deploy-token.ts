/**
 * A deploy token for one remote's team (docs/releases.md, "Deploy tokens"), printed once on
 * standard output (the rest goes to standard error); only its hash is kept.
 *   npm run deploy-token -w api -- --remote catalog [--name "Catalog team"] [--site URL] [--email ADMIN]
 * While the site runs (`npm start` on this DATA_DIR, or --site), the running API makes it, asked by
 * an admin (the demo admin beside the Auth emulator; else --email and ADMIN_PASSWORD). With no
 * API running, the command writes to the database itself.
 */
import { parseArgs } from 'node:util';
import { databaseFromEnv, settingsFromEnv } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { DeployTokenError, runningSite, tokenFromApi } from '../features/releases/deploy-token-request';
import { remoteField } from '../features/releases/fields';
import { DeployTokens } from '../features/releases/tokens';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { remote: { type: 'string' }, name: { type: 'string' }, site: { type: 'string' }, email: { type: 'string' } } });
  const remote = remoteField.safeParse(values.remote);
  if (!remote.success) throw new DeployTokenError(`${remote.error.issues[0]!.message} (--remote)`);
  const name = values.name?.trim() || `${remote.data} team`;
  const site = await runningSite(values.site, databaseFromEnv().dataDir);
  if (site) {
    const created = await tokenFromApi(site, {
      remote: remote.data,
      name,
      email: values.email,
      password: process.env.ADMIN_PASSWORD || process.env.DEMO_PASSWORD || undefined,
    });
    console.error(
      `deploy token "${created.name}" for ${remote.data} (id ${created.id}), made by ${created.by} through the API at ${site.apiUrl}; printed once:`,
    );
    console.log(created.token);
    return;
  }
  const database = openConfiguredDatabase(settingsFromEnv());
  try {
    await database.migrate();
    const created = await new DeployTokens(database.db).create(name, remote.data, 'npm run deploy-token');
    console.error(`deploy token "${created.name}" for ${remote.data} (id ${created.id}), written to the database (no API runs on it); printed once:`);
    console.log(created.token);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
