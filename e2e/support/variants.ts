import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './remotes';

/**
 * A team's build of mf-catalog made against other versions of shared code than the live site
 * has: the team's checkout of the repository, as far as the catalog's build needs it, with its
 * own node_modules holding the changed packages (everything else resolves from the repository's).
 */
export interface Bump {
  /** The package as imported ('@usedcars/shared-ui', 'zustand'). */
  name: string;
  version: string;
  /** Files to add or replace inside the package, by path relative to it. */
  files?: Record<string, string>;
  /** Text to append to a file of the package (an export added to its entry). */
  append?: Record<string, string>;
}

export interface Variant {
  dir: string;
  dist: string;
  remove: () => void;
}

function installBump(work: string, bump: Bump): void {
  const installed = path.join(ROOT, 'node_modules', bump.name);
  // A workspace package is a link to its source folder: the copy lives outside node_modules too,
  // so the build compiles it as it does the original (tooling/webpack.cjs compiles no node_modules).
  const workspace = bump.name.startsWith('@usedcars/');
  const target = workspace ? path.join(work, 'packages', bump.name.split('/')[1]!) : path.join(work, 'node_modules', bump.name);
  cpSync(installed, target, { recursive: true, dereference: true, filter: (source) => !source.slice(installed.length).includes('node_modules') });
  if (workspace) {
    mkdirSync(path.dirname(path.join(work, 'node_modules', bump.name)), { recursive: true });
    symlinkSync(target, path.join(work, 'node_modules', bump.name), 'dir');
  }
  const manifest = path.join(target, 'package.json');
  writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), version: bump.version }, null, 2));
  for (const [file, text] of Object.entries(bump.files ?? {})) writeFileSync(path.join(target, file), text);
  for (const [file, text] of Object.entries(bump.append ?? {})) writeFileSync(path.join(target, file), readFileSync(path.join(target, file), 'utf8') + text);
}

/** Replaces `from` in a file of a variant's sources; a text no longer there fails the build, not silently the test. */
export function replaceIn(file: string, from: string, to: string): void {
  const source = readFileSync(file, 'utf8');
  if (!source.includes(from)) throw new Error(`${file} no longer holds ${JSON.stringify(from)}: the variant would not differ`);
  writeFileSync(file, source.replace(from, to));
}

/**
 * A team's checkout of mf-catalog, as far as its build needs it (and its commands, with `scripts`),
 * inside the repository so everything else resolves from the repository's node_modules.
 */
export function catalogCheckout(label: string, { scripts = false } = {}): string {
  const work = path.join(ROOT, '.tmp', `${label}-${Date.now()}`);
  mkdirSync(work, { recursive: true });
  for (const folder of ['tooling', ...(scripts ? ['scripts'] : [])]) cpSync(path.join(ROOT, folder), path.join(work, folder), { recursive: true });
  for (const entry of ['src', 'webpack.config.cjs', 'package.json']) {
    cpSync(path.join(ROOT, 'mf-catalog', entry), path.join(work, 'mf-catalog', entry), { recursive: true });
  }
  return work;
}

/** Builds the catalog against the bumped packages, with its own sources edited by `edit`. */
export function buildCatalogVariant(label: string, bumps: Bump[], edit: (catalogDir: string) => void = () => undefined): Variant {
  const work = catalogCheckout(label);
  for (const bump of bumps) installBump(work, bump);
  edit(path.join(work, 'mf-catalog'));
  execFileSync(path.join(ROOT, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], { cwd: path.join(work, 'mf-catalog'), stdio: 'pipe' });
  return { dir: work, dist: path.join(work, 'mf-catalog', 'dist'), remove: () => rmSync(work, { recursive: true, force: true }) };
}

/** `npm run preflight` of the catalog's build against the running site: its exit code and what it said. */
export function preflight(dist: string, site: string): { code: number; output: string } {
  try {
    const output = execFileSync(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [path.join(ROOT, 'scripts', 'preflight.ts'), '--site', site, '--dist', dist], {
      cwd: path.join(ROOT, 'mf-catalog'),
      stdio: 'pipe',
      encoding: 'utf8',
    });
    return { code: 0, output };
  } catch (error) {
    const failed = error as { status?: number; stdout?: string; stderr?: string };
    return { code: failed.status ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}
