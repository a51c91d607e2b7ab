/**
 * Operator command: a deploy token for one remote's team (docs/releases.md), printed once; only its hash is kept.
 *   npm run deploy-token -w api -- --remote catalog [--name "Catalog team"]
 */
import { parseArgs } from 'node:util';
import { settingsFromEnv } from './config';
import { openConfiguredDatabase } from './db/client';
import { remoteField } from './features/releases/fields';
import { DeployTokens } from './features/releases/tokens';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { remote: { type: 'string' }, name: { type: 'string' } } });
  const remote = remoteField.parse(values.remote);
  const database = openConfiguredDatabase(settingsFromEnv());
  try {
    await database.migrate();
    const created = await new DeployTokens(database.db).create(values.name?.trim() || `${remote} team`, remote, 'npm run deploy-token');
    console.error(`deploy token "${created.name}" for ${remote} (id ${created.id}); it is shown only now:`);
    console.log(created.token);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
