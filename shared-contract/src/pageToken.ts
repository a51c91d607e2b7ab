import type { PageEvent, VitalName } from './telemetry';

/**
 * What a page's telemetry token says and counts (docs/releases.md, "What is trusted and why"),
 * read by the page, the render server and the API alike; signing and checking it is
 * telemetryToken.ts, on the servers. Kept apart from the telemetry schemas so that the page's
 * reporting code does not bring zod with it.
 */

/**
 * How long a page token counts, from the moment the page was served: a page open longer reports
 * what it noted until then (its collector sends it just before).
 */
export const PAGE_TOKEN_TTL_SECONDS = 30 * 60;

/** What a page's events count against: views, errors, and each vital on its own. */
export type PageAllowance = 'view' | 'error' | VitalName;

/**
 * The most one page token adds, per kind: about 30 screens in one page load, a few errors, LCP
 * and TTFB once (twice with a return from the back-forward cache), CLS and INP once each time
 * the page is hidden.
 */
export const PAGE_TOKEN_ALLOWANCE: Readonly<Record<PageAllowance, number>> = { view: 30, error: 5, LCP: 2, TTFB: 2, CLS: 10, INP: 10 };

export const allowanceOf = (event: PageEvent): PageAllowance => (event.type === 'vital' ? event.name : event.type);

/**
 * A release's page views and errors as far as the pages the render servers served with it
 * account for them: never more than the allowance per page served, whatever reached the API.
 */
export function withinServed<T extends { views: number; errors: number }>(counts: T, served: number): T {
  return { ...counts, views: Math.min(counts.views, served * PAGE_TOKEN_ALLOWANCE.view), errors: Math.min(counts.errors, served * PAGE_TOKEN_ALLOWANCE.error) };
}

/**
 * The releases a token names per remote (its signed part is base64url JSON whose `r` holds them):
 * what the page reports its own shell's screens under. Nothing here checks the signature.
 */
export function releasesNamedIn(token: string): Record<string, string> {
  try {
    const payload = token.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/');
    return (JSON.parse(atob(payload)) as { r?: Record<string, string> }).r ?? {};
  } catch {
    return {};
  }
}
