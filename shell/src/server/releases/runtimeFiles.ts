import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const RECENT_NS = 2_000_000_000n;

export type RuntimeFileName = 'remotes.json' | 'config.json';

/**
 * remotes.json and config.json as the next request should see them: a deployment's own copy wins
 * over the build's, and an edit applies to the next page. Read again only when the file changed
 * (its size, inode or modification time): a page served from the cache otherwise spent a fifth of
 * its time reading them. A file changed in the last two seconds is read every time, since a second
 * edit within one tick of the file system's clock keeps the same time (git's "racy clean" case).
 */
export function runtimeFiles(distDir: string, runtimeDir?: string): (name: RuntimeFileName) => string {
  const kept = new Map<string, { stamp: string; text: string }>();
  const current = (file: string) => {
    const stat = statSync(file, { bigint: true, throwIfNoEntry: false });
    if (!stat) return undefined;
    const settled = BigInt(Date.now()) * 1_000_000n - stat.mtimeNs > RECENT_NS;
    return { stamp: `${stat.ino}:${stat.size}:${stat.mtimeNs}`, settled };
  };
  return (name) => {
    const own = runtimeDir ? path.join(runtimeDir, name) : null;
    let file = path.join(distDir, name);
    let seen = own ? current(own) : undefined;
    if (own && seen) file = own;
    else seen = current(file);
    const known = kept.get(file);
    if (known && seen?.settled && known.stamp === seen.stamp) return known.text;
    const text = readFileSync(file, 'utf8');
    if (seen?.settled) kept.set(file, { stamp: seen.stamp, text });
    return text;
  };
}
