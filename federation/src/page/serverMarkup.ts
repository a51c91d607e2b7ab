/** The modules whose server markup the page is hydrating now; forgotten after, so a later visit renders as usual. */
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
