/** Line colours with at least 3:1 contrast on white, far enough apart to tell side by side. */
const PALETTE = ['#1a5fd6', '#c0262d', '#1f7a46', '#8a4baf', '#a15c00', '#0e7490', '#be185d', '#4b5563'];

/** FNV-1a: a small, well-spread hash of the version's characters. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Each release's colour, from its version: a release keeps its colour across loads, windows and
 * whatever order the API lists releases in. Two that would share one are told apart, the later
 * version in sort order taking the next free colour.
 */
export function releaseColors(versions: readonly string[]): ReadonlyMap<string, string> {
  const colors = new Map<string, string>();
  const taken = new Set<number>();
  for (const version of [...new Set(versions)].sort()) {
    let index = hashOf(version) % PALETTE.length;
    for (let tries = 0; taken.has(index) && tries < PALETTE.length; tries += 1) index = (index + 1) % PALETTE.length;
    taken.add(index);
    colors.set(version, PALETTE[index]!);
  }
  return colors;
}
