/**
 * The modules whose server-rendered markup the page is hydrating right now: the shell names them
 * before it hydrates, and forgets them once that first render is in place, so the same screen
 * reached later is rendered as usual.
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
