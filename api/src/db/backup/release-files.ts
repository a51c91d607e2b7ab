/**
 * The release files a backup carries (docs/operate-backup.md, "Release files"): every file of
 * every registered release the release storage holds, after the tables; on restore they go into
 * this API's release storage, and a live release or canary whose files are still missing is taken
 * out of rotation, by name, rather than made live with nothing to load.
 */
import type { Session } from './catalogue';
import { BackupError, type ReleaseFilesHeader, type ReleaseFilesSummary } from './format';
import type { BackupFile } from './file';

/** Where release files live, as a backup reads and a restore writes them. */
export interface ReleaseStore {
  /** For people: the folder, or the bucket and prefix. */
  name: string;
  /** Where the registry's manifest addresses point for these files (the API's /release-files/ or the bucket's public address). */
  baseUrl: string;
  keysUnder(prefix: string): Promise<string[]>;
  get(key: string): Promise<Buffer | null>;
  /** Writes a file, replacing one of the same key. */
  replace(key: string, bytes: Buffer): Promise<void>;
}

const RELEASES = 'select remote, version, status, manifest_url from public.releases order by remote, created_at, version';

interface ReleaseRow {
  remote: string;
  version: string;
  status: string;
  manifest_url: string;
}

type Writer = { write(value: unknown): Promise<void> };

/** Writes the files section: one line per file, its bytes in base64. */
export async function writeReleaseFiles(session: Session, writer: Writer, store: ReleaseStore): Promise<ReleaseFilesSummary> {
  const summary: ReleaseFilesSummary = { releases: 0, files: 0, bytes: 0, without: [] };
  await writer.write({ files: 'releases' });
  for (const { remote, version } of await session.query<ReleaseRow>(RELEASES)) {
    const keys = await store.keysUnder(`${remote}/${version}/`);
    if (keys.length === 0) summary.without.push(`${remote} ${version}`);
    else summary.releases += 1;
    for (const key of keys) {
      const bytes = await store.get(key);
      if (!bytes) continue;
      await writer.write({ key, base64: bytes.toString('base64') });
      summary.files += 1;
      summary.bytes += bytes.length;
    }
  }
  await writer.write({ end: 'files', files: summary.files, bytes: summary.bytes });
  return summary;
}

/** Puts the backup's release files into the store (the same bytes are left as they are). */
export async function restoreReleaseFiles(backup: BackupFile, store: ReleaseStore | undefined): Promise<number> {
  const start = await backup.next();
  if ((start?.value as { files?: string } | undefined)?.files !== 'releases')
    throw new BackupError(`${backup.file} is damaged: line ${start?.number ?? 'end'} should start its release files`);
  let files = 0;
  for (;;) {
    const line = await backup.next();
    if (!line) throw new BackupError(`${backup.file} is incomplete: it ends inside its release files (after ${files})`);
    const value = line.value as { key?: string; base64?: string; end?: string; files?: number };
    if (value.end === 'files') {
      if (value.files !== files) throw new BackupError(`${backup.file} is damaged: it should hold ${String(value.files)} release files, it has ${files}`);
      return files;
    }
    if (typeof value.key !== 'string' || typeof value.base64 !== 'string')
      throw new BackupError(`${backup.file} is damaged: line ${line.number} is not a release file`);
    const bytes = Buffer.from(value.base64, 'base64');
    if (store && !(await store.get(value.key))?.equals(bytes)) await store.replace(value.key, bytes);
    files += 1;
  }
}

/**
 * After the rows and files are in: manifest addresses follow the files to this API's address, and a
 * live release or canary on the release storage whose manifest is not there is rolled back, by name.
 */
export async function releasesWithoutFiles(session: Session, store: ReleaseStore, madeWith: ReleaseFilesHeader | undefined): Promise<string[]> {
  if (madeWith && madeWith.baseUrl !== store.baseUrl) {
    await session.query(`update public.releases set manifest_url = $2 || substr(manifest_url, length($1) + 1) where starts_with(manifest_url, $1)`, [
      madeWith.baseUrl,
      store.baseUrl,
    ]);
  }
  const lacking: string[] = [];
  for (const row of await session.query<ReleaseRow>(RELEASES)) {
    if (!row.manifest_url.startsWith(store.baseUrl) || (await store.get(`${row.remote}/${row.version}/mf-manifest.json`))) continue;
    lacking.push(`${row.remote} ${row.version} (${row.status.replace('_', ' ')})`);
    if (row.status === 'live' || row.status === 'canary') {
      await session.query(
        `update public.releases set status = 'rolled_back', share = null, reason = $3, updated_at = now() where remote = $1 and version = $2`,
        [row.remote, row.version, 'rolled back by restore: its files were neither in the backup nor in the release storage'],
      );
    }
  }
  return lacking;
}
