// What `npm run release` publishes of a build, and how (docs/releases.md, "A team's day").
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** What is published of a build: everything but source maps (uploaded apart, never served) and the pre-compressed copies (the host compresses). */
export function filesToPublish(dist, under = '') {
  const files = [];
  for (const entry of readdirSync(path.join(dist, under), { withFileTypes: true })) {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...filesToPublish(dist, relative));
    else if (!/\.(map|br|gz)$/.test(entry.name) && !/\.map\./.test(entry.name)) files.push(relative);
  }
  return files.sort();
}

/** A build's source maps: the API keeps them private and shows an error's frames in the source with them (docs/releases.md, "Errors"). */
function sourceMapsOf(dist, under = '') {
  const maps = [];
  for (const entry of readdirSync(path.join(dist, under), { withFileTypes: true })) {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) maps.push(...sourceMapsOf(dist, relative));
    else if (entry.name.endsWith('.map')) maps.push(relative);
  }
  return maps.sort();
}

/** The package's version and the hash of what is published: the same build always gets the same version. */
export function versionOf(dist, files, packageVersion) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\n`).update(readFileSync(path.join(dist, file)));
  return `${packageVersion}-${hash.digest('hex').slice(0, 10)}`;
}

export function commitOf(cwd) {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return undefined;
  }
}

/** Uploads a build's files under remote/version (six at a time); a file the API already has with the same bytes is taken again. Returns the manifest's address. */
export async function publish({ api, token, remote, dist, version, files = filesToPublish(dist) }) {
  let manifestUrl = '';
  for (let next = 0; next < files.length; next += 6) {
    await Promise.all(
      files.slice(next, next + 6).map(async (file) => {
        const response = await fetch(`${api}/release-files/${remote}/${version}/${file.split('/').map(encodeURIComponent).join('/')}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
          body: readFileSync(path.join(dist, file)),
        });
        const body = await response.json().catch(() => ({}));
        if (!response.ok) throw new Error(`uploading ${file}: ${response.status} ${body.message ?? ''}`.trim());
        if (file === 'mf-manifest.json') manifestUrl = new URL(body.url, `${api}/`).href;
      }),
    );
  }
  return manifestUrl;
}

/** Uploads the build's source maps to the API's private /release-maps/ (six at a time), before the release is registered. */
export async function uploadSourceMaps({ api, token, remote, dist, version, log }) {
  const maps = sourceMapsOf(dist);
  for (let next = 0; next < maps.length; next += 6) {
    const stored = await Promise.all(
      maps.slice(next, next + 6).map(async (file) => {
        const response = await fetch(`${api}/release-maps/${remote}/${version}/${file.split('/').map(encodeURIComponent).join('/')}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
          body: readFileSync(path.join(dist, file)),
        });
        const body = await response.json().catch(() => ({}));
        if (response.status === 404) return false;
        if (!response.ok) throw new Error(`uploading ${file}: ${response.status} ${body.message ?? ''}`.trim());
        return true;
      }),
    );
    if (stored.includes(false)) {
      log('this API keeps no source maps: its errors are shown as the pages saw them');
      return;
    }
  }
}
