import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { Car } from '@usedcars/shared-contract';
import sharp from 'sharp';
import { type Place, newPlace, query, run } from '../../test/backup-places';
import { COLLECTION, type Driver, TestApi, multipartBody, until } from '../../test/helpers';
import { FolderStorage } from '../features/photos/storage';
import { prepareDatabase } from '../seed/seed';
import { knownMigrations } from './backup';
import type { Database } from './client';
import { cars } from './schema';

// Each command starts a node process and opens a database: seconds, not milliseconds.
const SLOW = 120_000;

/** Every row of every table in public (the application's and another's), as text, in UTC, and every index's definition. */
async function stateOf(place: Place): Promise<{ rows: Record<string, string[]>; indexes: string[] }> {
  const database = place.open();
  try {
    const tables = await query<{ name: string }>(
      database,
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    );
    const rows: Record<string, string[]> = {};
    for (const { name } of tables) {
      // One statement: a pool may run each on another connection.
      const [result] = await query<{ rows: string[] | null }>(
        database,
        `select array_agg(line order by line) as rows from (select row_to_json(t)::text as line from (select * from public.${name}) as t) as lines`,
      );
      rows[name] = result?.rows ?? [];
    }
    const indexes = await query<{ definition: string }>(
      database,
      `select indexdef as definition from pg_indexes where schemaname = 'public' order by indexname`,
    );
    return { rows, indexes: indexes.map((row) => row.definition) };
  } finally {
    await database.close();
  }
}

const AWKWARD_NAME = 'Honda "Fit" — ünïcode 🚗\nsecond line \\ back\tslash';

/** Another application's table in the same database: neither backed up nor touched by a restore. */
const OTHER_APP_TABLE = `create table public.restore_counter (id integer generated always as identity primary key, note text not null)`;

async function withDatabase<T>(place: Place, work: (database: Database) => Promise<T>): Promise<T> {
  const database = place.open();
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** Accounts, cars of every brand, bookings paid and unpaid, a sale whose seller is gone, awkward text. */
async function fill(place: Place): Promise<void> {
  const api = await new TestApi(place.open()).start();
  try {
    const seller = await api.account('Seller', 'Sally Seller');
    const leaving = await api.account('Seller', 'Leo Leaving');
    const buyer = await api.account('Buyer', 'Bo Buyer');
    const other = await api.account('Buyer', 'Olga Other');
    const admin = await api.account('admin', 'Ada Admin');
    const audi = await api.addCar(seller, { categoryName: 'audi' });
    const honda = await api.addCar(seller, { categoryName: 'honda', location: "O'Hare, IL" });
    const mercedes = await api.addCar(leaving, { categoryName: 'mercedes', currentPrice: 0.01 });
    await api.addCar(leaving, { categoryName: 'audi' });
    await api.buy(buyer, mercedes);
    await api.buy(other, audi);
    expect((await api.book(buyer, honda)).statusCode).toBe(201);
    // What the API refuses today an older version may have stored: the file must carry it all the same.
    await api.db.update(cars).set({ currentPrice: 9_999_999_999.99 }).where(eq(cars.id, audi));
    await api.db.update(cars).set({ carName: AWKWARD_NAME }).where(eq(cars.id, honda));
    // The sold Mercedes stays, its seller set to null.
    expect((await api.inject({ method: 'DELETE', url: `/allUsers/${leaving.id}`, headers: admin.auth })).json()).toEqual({ deletedCount: 1 });
    await api.db.execute(OTHER_APP_TABLE);
    await api.db.execute(`insert into public.restore_counter (note) values ('one'), ('two'), ('three')`);
  } finally {
    await api.stop();
  }
}

const PAIRS: [Driver, Driver][] = process.env.TEST_DATABASE_URL
  ? [
      ['pglite', 'postgres'],
      ['postgres', 'pglite'],
    ]
  : [['pglite', 'pglite']];

describe.each(PAIRS)('a backup of %s restored into %s', (from, to) => {
  let source: Place;
  let target: Place;
  let folder: string;
  let before: Record<string, string[]>;
  let theirRows: string[];
  let indexes: string[];
  /** The tables in the order the backup wrote them. */
  let order: string[] = [];

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'usedcars-backup-files-'));
    [source, target] = await Promise.all([newPlace(from), newPlace(to)]);
    await fill(source);
    // The target is migrated and holds another application's table, with a row of its own.
    await withDatabase(target, async (database) => {
      await database.db.execute(OTHER_APP_TABLE);
      await database.db.execute(`insert into public.restore_counter (note) values ('theirs')`);
    });
    ({
      indexes,
      rows: { restore_counter: theirRows = [] },
    } = await stateOf(target));
    before = (await stateOf(source)).rows;
  }, SLOW);

  afterAll(async () => {
    await Promise.all([source?.remove(), target?.remove()]);
    rmSync(folder, { recursive: true, force: true });
  });

  it(
    'carries every row of every table across, and the restored API responds with them',
    async () => {
      const backup = await run('backup', ['--out', 'nightly.jsonl.gz'], source, folder);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      const told = new RegExp(
        `^Backed up (.+) of (?:/\\S+|PostgreSQL database "\\w+" on \\S+) \\(${from}, schema \\d{4}_\\w+\\) to ${folder}/nightly\\.jsonl\\.gz, `,
      ).exec(backup.stdout);
      const counts = told?.[1] ?? '';
      const listed = counts.split(', ').map((part) => part.split(' '));
      // Every table of the application, each with its rows; not another application's.
      const { restore_counter: _theirs, ...ours } = before;
      expect(Object.fromEntries(listed.map(([table, rows]) => [table, Number(rows)]))).toEqual(
        Object.fromEntries(Object.entries(ours).map(([table, rows]) => [table, rows.length])),
      );
      // ...and each after the tables it refers to.
      order = listed.map(([table]) => table!);
      for (const [parent, child] of [
        ['users', 'cars'],
        ['cars', 'bookings'],
        ['users', 'bookings'],
        ['bookings', 'payments'],
      ]) {
        expect(order.indexOf(parent!)).toBeLessThan(order.indexOf(child!));
      }

      const restore = await run('restore', ['nightly.jsonl.gz'], target, folder);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain(`Restored ${counts} from ${path.join(folder, 'nightly.jsonl.gz')}`);
      expect(restore.stdout).toContain(to === 'pglite' ? `into ${target.env.PGLITE_DIR} in ` : 'into PostgreSQL database "');

      expect(Object.keys(before)).toEqual(expect.arrayContaining(['users', 'cars', 'bookings', 'payments']));
      expect(before.payments).toHaveLength(2);
      // The indexes the restore set aside while loading are all back, as the migrations made them.
      expect(await stateOf(target)).toEqual({ rows: { ...before, restore_counter: theirRows }, indexes });

      const api = await new TestApi(target.open()).start();
      try {
        const listed = (await api.inject({ method: 'GET', url: COLLECTION.honda })).json<Car[]>();
        expect(listed.map((car) => car.carName)).toEqual([AWKWARD_NAME]);
      } finally {
        await api.stop();
      }
    },
    SLOW,
  );

  it(
    'refuses a target that has rows, and with --force replaces them',
    async () => {
      const refused = await run('restore', ['nightly.jsonl.gz'], target, folder);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(
        `Restore failed: The target database is not empty (${order.filter((table) => before[table]!.length > 0).join(', ')} have rows). ` +
          "Restore into an empty database, or add --force to replace what the application's tables hold.",
      );
      await withDatabase(target, (database) => database.db.execute(`insert into public.restore_counter (note) values ('after')`));
      const theirsNow = (await stateOf(target)).rows.restore_counter;
      expect(theirsNow).toHaveLength(2);

      // --force empties the application's tables only: another application's rows stay.
      const forced = await run('restore', ['--force', 'nightly.jsonl.gz'], target, folder);
      expect(forced.code).toBe(0);
      expect((await stateOf(target)).rows).toEqual({ ...before, restore_counter: theirsNow });
    },
    SLOW,
  );

  it(
    'restores nothing from a file cut short: the load is one transaction',
    async () => {
      const whole = readFileSync(path.join(folder, 'nightly.jsonl.gz'));
      writeFileSync(path.join(folder, 'cut.jsonl.gz'), gzipSync(gunzipSync(whole).subarray(0, 1500)));

      const cut = await run('restore', ['--force', 'cut.jsonl.gz'], target, folder);
      expect(cut.code).toBe(1);
      expect(cut.stderr).toMatch(/^Restore failed: \S+cut\.jsonl\.gz is (incomplete|damaged)/);
      // Not even the emptying that --force does first.
      const { restore_counter: _theirs, ...ours } = (await stateOf(target)).rows;
      const { restore_counter: _source, ...expected } = before;
      expect(ours).toEqual(expected);
    },
    SLOW,
  );
});

describe('what restore accepts and refuses', () => {
  let place: Place;
  let folder: string;
  let good: string;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'usedcars-backup-files-'));
    place = await newPlace('pglite');
    const backup = await run('backup', ['--out', 'good.jsonl.gz'], place, folder);
    expect(backup.code).toBe(0);
    good = path.join(folder, 'good.jsonl.gz');
  }, SLOW);

  afterAll(async () => {
    await place?.remove();
    rmSync(folder, { recursive: true, force: true });
  });

  const header = () =>
    JSON.parse(gunzipSync(readFileSync(good)).toString('utf8').split('\n')[0]!) as { schema: { latest: string; latestAt: number; migrations: number } };

  it.each([
    ['a missing file', () => 'nowhere.jsonl.gz', (file: string) => `Restore failed: No backup file at ${file}`],
    [
      'a file that is not gzip',
      () => {
        writeFileSync(path.join(folder, 'notes.txt'), 'users,cars\n1,2\n');
        return 'notes.txt';
      },
      (file: string) => `Restore failed: ${file} is not a usedcars backup: it is not gzip-compressed`,
    ],
    [
      'a gzip file of something else',
      () => {
        writeFileSync(path.join(folder, 'other.gz'), gzipSync('{"hello":"world"}\n'));
        return 'other.gz';
      },
      (file: string) => `Restore failed: ${file} is not a usedcars backup: its first line is not a usedcars backup header`,
    ],
    [
      'a file from a newer schema',
      () => {
        const lines = gunzipSync(readFileSync(good)).toString('utf8').split('\n');
        const newer = { ...JSON.parse(lines[0]!), schema: { migrations: 99, latest: '0098_from_the_future', latestAt: header().schema.latestAt + 1 } };
        writeFileSync(path.join(folder, 'newer.jsonl.gz'), gzipSync([JSON.stringify(newer), ...lines.slice(1)].join('\n')));
        return 'newer.jsonl.gz';
      },
      () =>
        `Restore failed: The backup was written by a newer version of the API: its schema is at migration 0098_from_the_future (99 migrations), ` +
        `this API knows up to ${header().schema.latest} (${header().schema.migrations}). Upgrade the API, then restore.`,
    ],
  ])(
    'refuses %s before touching the database',
    async (_what, make, message) => {
      const name = make();
      const result = await run('restore', [name], place, folder);
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(message(path.join(folder, name)));
    },
    SLOW,
  );

  /** The good file with its lines changed by `edit`, saved as `name`. */
  const variant = (name: string, edit: (lines: string[]) => string[]) => {
    writeFileSync(path.join(folder, name), gzipSync(edit(gunzipSync(readFileSync(good)).toString('utf8').split('\n')).join('\n')));
    return name;
  };

  it(
    'names a column the file has and this database does not, and loads nothing',
    async () => {
      const name = variant('renamed.jsonl.gz', (lines) =>
        lines.map((line) => (line.startsWith('{"table":"users"') ? line.replace('"name"', '"nickname"') : line)),
      );
      const result = await run('restore', [name], place, folder);
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe("Restore failed: The backup's table users has columns this database does not: nickname");
    },
    SLOW,
  );

  it(
    'loads a file from an older schema into this one',
    async () => {
      const [older] = knownMigrations().slice(-2);
      const name = variant('older.jsonl.gz', ([first, ...rest]) => [
        JSON.stringify({ ...JSON.parse(first!), schema: { migrations: knownMigrations().length - 1, latest: older!.tag, latestAt: older!.when } }),
        ...rest,
      ]);
      const result = await run('restore', ['--force', name], place, folder);
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain(`schema ${older!.tag}) into ${place.env.PGLITE_DIR}`);
    },
    SLOW,
  );

  it(
    'says which process holds the embedded database, and touches nothing',
    async () => {
      const holder = place.open();
      try {
        await holder.migrate();
        for (const [command, args] of [
          ['backup', ['--out', 'while-open.jsonl.gz']],
          ['restore', ['--force', 'good.jsonl.gz']],
        ] as const) {
          const result = await run(command, [...args], place, folder);
          expect(result.code).toBe(1);
          expect(result.stderr).toContain(`is open in another process (pid ${process.pid} `);
          expect(result.stderr).toContain('PGlite serves one process at a time: stop that process');
        }
      } finally {
        await holder.close();
      }
    },
    SLOW,
  );

  it(
    'never overwrites a file, and asks for --out',
    async () => {
      const again = await run('backup', ['--out', 'good.jsonl.gz'], place, folder);
      expect(again.code).toBe(1);
      expect(again.stderr.trim()).toBe(`Backup failed: ${good} already exists; choose another name (a backup never overwrites a file)`);
      const bare = await run('backup', [], place, folder);
      expect(bare.code).toBe(2);
      expect(bare.stderr.trim()).toBe('usage: npm run backup -w api -- --out FILE');
    },
    SLOW,
  );
});

describe('where a restore goes, and the photo files it needs', () => {
  let source: Place;
  let target: Place;
  let folder: string;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'usedcars-backup-files-'));
    [source, target] = await Promise.all([newPlace('pglite'), newPlace('pglite')]);
    const api = await new TestApi(source.open(), { photoStorage: new FolderStorage(source.env.PHOTO_DIR!) }).start();
    try {
      const seller = await api.account('Seller');
      const carId = await api.addCar(seller);
      const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } })
        .png()
        .toBuffer();
      const { payload, headers } = await multipartBody([{ name: 'front.png', bytes }]);
      const uploaded = await api.inject({ method: 'POST', url: `/audis/${carId}/photos`, headers: { ...seller.auth, ...headers }, payload });
      expect(uploaded.statusCode).toBe(201);
    } finally {
      await api.stop();
    }
  }, SLOW);

  afterAll(async () => {
    await Promise.all([source?.remove(), target?.remove()]);
    rmSync(folder, { recursive: true, force: true });
  });

  it(
    'names the photo store the backup leaves out; a restore into a store without the files refuses and restores nothing',
    async () => {
      const backup = await run('backup', ['--out', 'photos.jsonl.gz'], source, folder);
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(new RegExp(`^The 6 photo files are not in the backup: back up ${source.env.PHOTO_DIR} with it`, 'm'));

      const refused = await run('restore', ['photos.jsonl.gz'], target, folder);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(
        `Restore failed: 6 of the 6 photo files the backup's photos use are not in ${target.env.PHOTO_DIR} ` +
          `(the backup was made with the photos in ${source.env.PHOTO_DIR}). Copy the photo store over first (docs/operate-backup.md), ` +
          'then restore again; nothing was restored.',
      );
      expect((await stateOf(target)).rows.cars).toEqual([]);

      cpSync(source.env.PHOTO_DIR!, target.env.PHOTO_DIR!, { recursive: true });
      const restored = await run('restore', ['photos.jsonl.gz'], target, folder);
      expect(restored.stderr).toBe('');
      expect(restored.stdout).toContain(`into ${target.env.PGLITE_DIR} in `);
      expect(restored.stdout).toContain(`; its photos are in ${target.env.PHOTO_DIR}`);
    },
    SLOW,
  );

  it(
    'refuses a folder that holds no database, naming it, unless told to --create one there',
    async () => {
      const nowhere = path.join(folder, 'typo', 'pglite');
      const elsewhere: Place = { ...target, env: { ...target.env, PGLITE_DIR: nowhere } };
      cpSync(source.env.PHOTO_DIR!, elsewhere.env.PHOTO_DIR!, { recursive: true });
      const refused = await run('restore', ['photos.jsonl.gz'], elsewhere, folder);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(
        `Restore failed: ${nowhere} holds no usedcars database. Check DATA_DIR or DATABASE_URL; to make a new one there and restore into it, add --create.`,
      );
      expect(existsSync(nowhere)).toBe(false);
      const created = await run('restore', ['--create', 'photos.jsonl.gz'], elsewhere, folder);
      expect(created.stderr).toBe('');
      expect(created.stdout).toContain(`into ${nowhere} in `);
    },
    SLOW,
  );
});

const describeWithPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describeWithPostgres('a restore beside an API starting on the same PostgreSQL database', () => {
  let source: Place;
  let target: Place;
  let folder: string;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'usedcars-backup-files-'));
    [source, target] = await Promise.all([newPlace('postgres'), newPlace('postgres')]);
    await fill(source);
    expect((await run('backup', ['--out', 'move.jsonl.gz'], source, folder)).code).toBe(0);
  }, SLOW);

  afterAll(async () => {
    await Promise.all([source?.remove(), target?.remove()]);
    rmSync(folder, { recursive: true, force: true });
  });

  /** Start-up lock requests on the target that are still waiting. */
  const waiting = (database: Database) =>
    query<{ n: number }>(
      database,
      `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted
       and database = (select oid from pg_database where datname = current_database())`,
    ).then(([row]) => row?.n ?? 0);

  it(
    'takes its turn under the start-up lock, so the API after it finds the restored accounts and seeds nothing',
    async () => {
      const observer = target.open();
      const busy = target.open();
      const starting = target.open();
      try {
        // Another API instance in the middle of its start-up holds the lock.
        let finishStartUp = () => {};
        let entered = () => {};
        const inside = new Promise<void>((resolve) => (entered = resolve));
        const held = busy.exclusively(() => {
          entered();
          return new Promise<void>((resolve) => (finishStartUp = resolve));
        });
        await inside;

        const restoring = run('restore', ['move.jsonl.gz'], target, folder);
        await until(
          () => waiting(observer),
          (waiters) => waiters === 1,
          'the restore to wait for the start-up lock',
          { timeoutMs: 60_000 },
        );
        // Queued behind the lock, the restore has loaded nothing yet.
        expect((await stateOf(target)).rows.users).toEqual([]);

        // An API starting now queues behind the restore.
        const seeding = prepareDatabase(starting, { demoSignIns: false });
        await until(
          () => waiting(observer),
          (waiters) => waiters === 2,
          'the API to wait for the start-up lock too',
          { timeoutMs: 60_000 },
        );
        finishStartUp();
        await held;

        const restore = await restoring;
        expect(restore.stderr).toBe('');
        expect(restore.code).toBe(0);
        expect(await seeding).toBe(false);
        // Another application's table in the source is not the backup's to carry.
        const { restore_counter: _theirs, ...ours } = (await stateOf(source)).rows;
        expect((await stateOf(target)).rows).toEqual(ours);
      } finally {
        await Promise.all([observer.close(), busy.close(), starting.close()]);
      }
    },
    SLOW,
  );
});
