import type { DehydratedState } from '@tanstack/react-query';
import { readBootData, type BootData } from '@usedcars/federation/boot';

let boot: BootData | null | undefined;

/** The page's boot data, read from the document once (startPage and pageServices both ask). */
export function pageBootData(): BootData | null {
  if (boot === undefined) boot = readBootData();
  return boot;
}

/** The API responses the server rendered with, handed over once (to the page's QueryClient). */
export function takeBootQueries(): DehydratedState | undefined {
  const queries = pageBootData()?.queries;
  if (boot) boot = { ...boot, queries: undefined };
  return queries;
}
