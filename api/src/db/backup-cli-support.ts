import { statSync } from 'node:fs';
import path from 'node:path';
import { BackupError } from './backup';
import { DataDirInUseError } from './pglite-lock';

/**
 * A path as the operator typed it. `npm run -w api` runs in api/, so a relative path is taken
 * from the folder npm was started in (INIT_CWD), where the operator expects it.
 */
export function operatorPath(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

export const rowCounts = (rows: Record<string, number>) =>
  Object.entries(rows)
    .map(([table, count]) => `${table} ${count}`)
    .join(', ');

export function sizeOf(file: string): string {
  const bytes = statSync(file).size;
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Refusals print their message alone; anything unexpected keeps its stack for whoever debugs it. */
export function reportFailure(what: string) {
  return (error: unknown) => {
    if (error instanceof BackupError || error instanceof DataDirInUseError) console.error(`${what}: ${error.message}`);
    else if (error instanceof Error && 'code' in error && typeof error.code === 'string') console.error(`${what}: ${error.message}`);
    else console.error(`${what}:`, error instanceof Error && !error.stack ? error.message : error);
    process.exit(1);
  };
}
