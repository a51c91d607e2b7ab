// docs/sharing-and-releases.md, "Before publishing: preflight".
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { neededPackages, preflightFindings, type Finding, type SharedRequirement } from '@usedcars/federation/sharing';

interface Manifest {
  name?: string;
  shared?: SharedRequirement[];
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  if (at !== -1) return process.argv[at + 1];
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

async function readJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} responded ${response.status}`);
  return (await response.json()) as T;
}

export async function preflight({ site, dist, name }: { site: string; dist: string; name?: string }): Promise<{ findings: Finding[]; refused: Finding[] }> {
  const build = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as Manifest;
  const remote = name ?? build.name;
  if (!remote) throw new Error(`${dist}/mf-manifest.json names no remote`);
  const base = site.replace(/\/?$/, '/');
  const remotes = await readJson<Record<string, string>>(new URL('remotes.json', base).href);
  if (!(remote in remotes)) console.log(`The site's remotes.json does not name ${remote} yet: it will need a line for it.`);
  const shell = await readJson<Manifest>(new URL('mf-manifest.json', base).href);
  const others = await Promise.all(
    Object.entries(remotes)
      .filter(([other]) => other !== remote)
      .map(([other, url]) => readJson<Manifest>(new URL(url, base).href).then((manifest) => ({ ...manifest, name: manifest.name ?? other }))),
  );
  return preflightFindings(build.shared, shell, others);
}

async function main(): Promise<void> {
  const site = option('site');
  if (!site) {
    console.error('Usage: npm run preflight -w <remote> -- --site <the live site’s address> [--dist dist] [--name <remote>]');
    process.exit(2);
  }
  const dist = path.resolve(option('dist') ?? 'dist');
  const { findings, refused } = await preflight({ site, dist, name: option('name') });
  for (const finding of findings) {
    const mark = { ok: 'ok     ', olderOnPage: 'warning', ownCopy: 'own copy', incompatible: 'REFUSED' }[finding.verdict];
    console.log(`${mark}  ${finding.message}`);
  }
  if (refused.length > 0) {
    console.error(`\nNot publishable on ${site}: it needs ${neededPackages(refused)}.`);
    console.error('Release the shared package and the shell first (docs/sharing-and-releases.md, "Release order").');
    process.exit(1);
  }
  console.log(`\nPublishable on ${site}.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().catch((error: unknown) => {
    console.error(`preflight could not check the site: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  });
}
