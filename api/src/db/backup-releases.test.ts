import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Place, newPlace, query, run } from '../../test/backup-places';
import { DRIVERS } from '../../test/helpers';
import { ReleaseRegistry } from '../features/releases/service';

// Each command starts a node process and opens a database: seconds, not milliseconds.
const SLOW = 120_000;
const OLD_API = 'http://old-api.test';
const NEW_API = 'https://api.new.test';

const files = (remote: string, version: string) => ({
  'mf-manifest.json': JSON.stringify({ name: remote, metaData: { name: remote } }),
  'remoteEntry.js': `var ${remote} = "${version}";`,
  'server/remoteEntry.js': `module.exports = "${version}";`,
});

/** The release registry's files (docs/operate-backup.md, "Release files"): carried by the backup, put back by the restore, and a live release without them taken out by name. */
describe.each(DRIVERS)('release files in a backup (%s)', (driver) => {
  let source: Place;
  let target: Place;
  let folder: string;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'usedcars-backup-files-'));
    [source, target] = await Promise.all([newPlace(driver), newPlace(driver)]);
    const database = source.open();
    try {
      const registry = new ReleaseRegistry(database.db);
      const register = async (remote: string, version: string, options: { canary?: number; filesLost?: boolean; at?: string } = {}) => {
        const manifestUrl = options.at ?? `${OLD_API}/release-files/${remote}/${version}/mf-manifest.json`;
        await registry.register({ remote, version, manifestUrl, ...(options.canary ? { canary: options.canary } : {}) }, 'setup', 'passed');
        if (options.filesLost || options.at) return;
        for (const [file, text] of Object.entries(files(remote, version))) {
          mkdirSync(path.dirname(path.join(source.env.RELEASE_DIR!, remote, version, file)), { recursive: true });
          writeFileSync(path.join(source.env.RELEASE_DIR!, remote, version, file), text);
        }
      };
      await register('catalog', '0.1.0-000000000a');
      await register('catalog', '0.1.0-000000000b');
      await register('catalog', '0.1.0-000000000c', { canary: 10 });
      await register('checkout', '0.1.0-00000000aa', { filesLost: true });
      await register('dashboard', '0.1.0', { at: 'http://localhost:3002/mf-manifest.json' });
    } finally {
      await database.close();
    }
  }, SLOW);

  afterAll(async () => {
    await Promise.all([source?.remove(), target?.remove()]);
    rmSync(folder, { recursive: true, force: true });
  });

  it(
    'carries every file of every release the storage holds, and names those it has none of',
    async () => {
      const backup = await run('backup', ['--out', 'with-releases.jsonl.gz'], { ...source, env: { ...source.env, PUBLIC_API_URL: OLD_API } }, folder);
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain(`It holds the 9 files (0.3 KB) of 3 releases, from ${source.env.RELEASE_DIR}.`);
      expect(backup.stderr.trim()).toBe(
        `No files in ${source.env.RELEASE_DIR} for: checkout 0.1.0-00000000aa, dashboard 0.1.0 (registered from another origin, or already lost).`,
      );
    },
    SLOW,
  );

  it(
    "puts the files into the new site's release storage, points the registry at its address, and rolls back a live release that still has none",
    async () => {
      const restore = await run('restore', ['with-releases.jsonl.gz'], { ...target, env: { ...target.env, PUBLIC_API_URL: NEW_API } }, folder);
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain(`9 release files are in ${target.env.RELEASE_DIR}.`);
      expect(restore.stderr.trim()).toBe(
        `These releases have no files in ${target.env.RELEASE_DIR} and cannot be made live (a live one or a canary was rolled back): checkout 0.1.0-00000000aa (live).`,
      );
      for (const [file, text] of Object.entries(files('catalog', '0.1.0-000000000c')))
        expect(readFileSync(path.join(target.env.RELEASE_DIR!, 'catalog', '0.1.0-000000000c', file), 'utf8')).toBe(text);

      const database = target.open();
      try {
        const rows = await query<{ remote: string; version: string; status: string; manifest_url: string; reason: string | null }>(
          database,
          'select remote, version, status, manifest_url, reason from releases order by remote, version',
        );
        expect(rows.map((row) => [row.remote, row.version, row.status, row.manifest_url])).toEqual([
          ['catalog', '0.1.0-000000000a', 'retired', `${NEW_API}/release-files/catalog/0.1.0-000000000a/mf-manifest.json`],
          ['catalog', '0.1.0-000000000b', 'live', `${NEW_API}/release-files/catalog/0.1.0-000000000b/mf-manifest.json`],
          ['catalog', '0.1.0-000000000c', 'canary', `${NEW_API}/release-files/catalog/0.1.0-000000000c/mf-manifest.json`],
          ['checkout', '0.1.0-00000000aa', 'rolled_back', `${NEW_API}/release-files/checkout/0.1.0-00000000aa/mf-manifest.json`],
          ['dashboard', '0.1.0', 'live', 'http://localhost:3002/mf-manifest.json'],
        ]);
        expect(rows.find((row) => row.remote === 'checkout')?.reason).toBe(
          'rolled back by restore: its files were neither in the backup nor in the release storage',
        );
      } finally {
        await database.close();
      }
    },
    SLOW,
  );
});
