import { parseModuleId, type RemoteScreen, type Screen } from '@usedcars/shared-contract';
import { matchesAt } from '../../app/routes';

export interface Match {
  screens: Screen[];
  params: Record<string, string | undefined>;
}

/** Paths matched lately: react-router ranks the whole route table on every match, which cost a cached page most of its time. */
const MATCHED_CACHED = 1000;
const matched = new Map<string, Match>();

/** The screens an address shows, outermost first, and the route's parameters. */
export function match(url: string): Match {
  const pathname = new URL(url, 'http://site.invalid').pathname;
  const cached = matched.get(pathname);
  if (cached) return cached;
  const matches = matchesAt(pathname);
  const found: Match = { screens: matches.map((m) => m.screen), params: matches.at(-1)?.params ?? {} };
  if (matched.size >= MATCHED_CACHED) matched.delete(matched.keys().next().value!);
  matched.set(pathname, found);
  return found;
}

/** The remote whose screen the address shows (its last remote screen), or the shell's own. */
export function pageRemoteOf(url: string): string {
  const remoteScreen = match(url)
    .screens.filter((screen): screen is RemoteScreen => 'module' in screen)
    .at(-1);
  return remoteScreen ? parseModuleId(remoteScreen.module).remote : 'shell';
}

/** The screen the address shows, named as its pages report it: the last screen's module, or the shell's screen. */
export function pageScreenOf(url: string): string {
  const leaf = match(url).screens.at(-1);
  if (!leaf) return 'unknown';
  return 'module' in leaf ? leaf.module : leaf.shell;
}

/** The HTTP status of the address's response, whoever renders it. */
export function statusOf(url: string): number {
  const leaf = match(url).screens.at(-1);
  return leaf && 'shell' in leaf && leaf.shell === 'NotFoundPage' ? 404 : 200;
}

/**
 * The address as its screens read it: the path as asked, with only the query parameters they
 * declare (the screen registry's `search`), in the declared order (those of `searchLists` with all their values), less empty values and defaults.
 * Pages are rendered and cached by it (docs/operations.md, "The page cache").
 */
export function pageAddress(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const path = url.slice(0, at);
  const asked = new URLSearchParams(url.slice(at + 1));
  const kept = new URLSearchParams();
  for (const screen of match(path).screens) {
    for (const [name, absent] of Object.entries(screen.search ?? {})) {
      if (kept.has(name)) continue;
      // A facet's several options repeat their parameter: every one of them makes the page; any other parameter is read once.
      const values = screen.searchLists?.includes(name) ? asked.getAll(name) : [asked.get(name) ?? ''];
      for (const value of values) if (value !== '' && value !== absent) kept.append(name, value);
    }
  }
  return kept.size > 0 ? `${path}?${kept.toString()}` : path;
}
