import { useCallback, useState, useSyncExternalStore } from 'react';
import { COMPARE_MAX, SITE_PATHS } from '@usedcars/shared-contract';

/**
 * The cars a visitor picked to compare (docs/product.md, "Compare"), kept for the tab in
 * sessionStorage: picked on a card or a car's page, kept while they browse, and handed to
 * /compare in its address, which is then the truth (a shared link compares the same cars).
 */
const KEY = 'usedcars.compare';
const CHANGED = 'usedcars:compare';
const NONE: readonly string[] = [];
const ID = /^[0-9a-f-]{36}$/i;

/**
 * Reads the picked ids, handing back the same array while the stored text is unchanged (what
 * useSyncExternalStore asks of a snapshot); each hook makes its own.
 */
function compareListReader(): () => readonly string[] {
  let cached: { text: string | null; ids: readonly string[] } = { text: null, ids: NONE };
  return () => {
    let text: string | null = null;
    try {
      text = window.sessionStorage.getItem(KEY);
    } catch {
      // Storage refused (a private window's rules): nothing is kept, and comparing works from the address alone.
    }
    if (text === cached.text) return cached.ids;
    let ids: readonly string[] = NONE;
    try {
      const parsed: unknown = JSON.parse(text ?? '[]');
      if (Array.isArray(parsed)) ids = parsed.filter((id): id is string => typeof id === 'string' && ID.test(id)).slice(0, COMPARE_MAX);
    } catch {
      ids = NONE;
    }
    cached = { text, ids };
    return ids;
  };
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function writeCompareList(ids: readonly string[]): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(ids.slice(0, COMPARE_MAX)));
  } catch {
    // As in compareListReader: kept for this page only.
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** The address of the comparison of these cars. */
export function comparePath(ids: readonly string[]): string {
  return ids.length === 0 ? SITE_PATHS.compare : `${SITE_PATHS.compare}?${new URLSearchParams({ ids: ids.join(',') }).toString()}`;
}

export type CompareToggle = 'added' | 'removed' | 'full';

/** The picked cars' ids; none on the server and until the page has hydrated, so both render alike. */
export function useCompareList(): { ids: readonly string[]; toggle: (id: string) => CompareToggle } {
  const [read] = useState(compareListReader);
  const ids = useSyncExternalStore(subscribe, read, () => NONE);
  const toggle = useCallback(
    (id: string): CompareToggle => {
      const current = read();
      if (current.includes(id)) {
        writeCompareList(current.filter((other) => other !== id));
        return 'removed';
      }
      if (current.length >= COMPARE_MAX) return 'full';
      writeCompareList([...current, id]);
      return 'added';
    },
    [read],
  );
  return { ids, toggle };
}
