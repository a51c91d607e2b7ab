import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { pgliteTemplate } from '../../test/helpers';
import { openDatabase } from './client';
import { lockFileOf } from './pglite-lock';

describe('the embedded database folder, one process at a time', () => {
  let folder: string;
  let dir: string;
  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'usedcars-lock-'));
    dir = path.join(folder, 'pglite');
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('takes over the lock of a process that died, and gives it back on close', async () => {
    // A process that has certainly ended: its pid names nobody now.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(lockFileOf(dir), JSON.stringify({ pid: gone, host: hostname(), command: 'crashed api', since: '2026-01-01T00:00:00.000Z' }));
    const database = openDatabase({ pgliteDir: dir, pgliteTemplate: await pgliteTemplate() });
    await database.migrate();
    expect(JSON.parse(readFileSync(lockFileOf(dir), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    await database.close();
    expect(existsSync(lockFileOf(dir))).toBe(false);
  });

  it('refuses a folder another live process holds, naming it and the way out', () => {
    // This test's parent process is alive for as long as the test runs.
    writeFileSync(lockFileOf(dir), JSON.stringify({ pid: process.ppid, host: hostname(), command: 'tsx src/server.ts', since: '2026-01-01T00:00:00.000Z' }));
    expect(() => openDatabase({ pgliteDir: dir })).toThrow(
      `The embedded database in ${dir} is open in another process (pid ${process.ppid} on ${hostname()}, "tsx src/server.ts", since 2026-01-01T00:00:00.000Z). ` +
        `PGlite serves one process at a time: stop that process (for the site, Ctrl-C where npm start runs) and try again. ` +
        `If no such process runs any more, delete ${dir}.lock.`,
    );
  });
});
