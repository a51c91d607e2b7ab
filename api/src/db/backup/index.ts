/**
 * Logical backups that move between PGlite and PostgreSQL: one gzipped file of JSON lines.
 * docs/operate-backup.md describes the format and the choices behind it.
 */
export { BackupError, type PhotoStore, checkSchemaIsKnown, knownMigrations } from './format';
export { hasAppSchema } from './catalogue';
export { writeBackup } from './write';
export { BackupFile } from './file';
export { restoreBackup } from './restore';
export type { ReleaseStore } from './release-files';
