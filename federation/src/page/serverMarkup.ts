/**
 * The modules whose server-drawn markup the page is taking over right now: the shell names them
 * before it takes the page over, and forgets them once that first drawing is in place, so the
 * same screen reached later is drawn as usual.
 */
const serverMarkup = new Set<string>();

export function keepServerMarkupOf(ids: readonly string[]): void {
  for (const id of ids) serverMarkup.add(id);
}

export function releaseServerMarkup(): void {
  serverMarkup.clear();
}

export function isServerMarkupKept(id: string): boolean {
  return serverMarkup.has(id);
}
