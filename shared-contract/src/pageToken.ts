import type { PageEvent, VitalName } from './telemetry';

// Apart from the telemetry schemas so the page's reporting code does not bring zod (docs/releases.md, "What is trusted and why").
export const PAGE_TOKEN_TTL_SECONDS = 30 * 60;

export type PageAllowance = 'view' | 'error' | VitalName;

export const PAGE_TOKEN_ALLOWANCE: Readonly<Record<PageAllowance, number>> = { view: 30, error: 5, LCP: 2, TTFB: 2, CLS: 10, INP: 10 };

export const allowanceOf = (event: PageEvent): PageAllowance => (event.type === 'vital' ? event.name : event.type);

export function withinServed<T extends { views: number; errors: number }>(counts: T, served: number): T {
  return { ...counts, views: Math.min(counts.views, served * PAGE_TOKEN_ALLOWANCE.view), errors: Math.min(counts.errors, served * PAGE_TOKEN_ALLOWANCE.error) };
}

/** Unverified: the page only reads which releases to report its shell's screens under. */
export function releasesNamedIn(token: string): Record<string, string> {
  try {
    const payload = token.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/');
    return (JSON.parse(atob(payload)) as { r?: Record<string, string> }).r ?? {};
  } catch {
    return {};
  }
}
