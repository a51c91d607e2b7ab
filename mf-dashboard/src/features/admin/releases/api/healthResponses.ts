/*
 * TO BE REPLACED by shared-contract's types of the same names (and shared-api's calls) once the API
 * serves error groups in GET /telemetry/summary and canary verdicts at GET /releases/analysis: then
 * delete this file and import from there (docs/releases.md, "The Releases screen").
 */
import { ApiError, request } from '@usedcars/shared-api';
import { fetchTelemetrySummary } from '@usedcars/shared-api/releases';
import type { ReleaseHealth } from '@usedcars/shared-contract/telemetry';

/** One kind of error of a release: the same message from the same place, counted. */
export interface ErrorGroup {
  fingerprint: string;
  /** Where it was seen; a screen that threw while a render server rendered it is `render_failed`. */
  kind: 'boundary' | 'load' | 'unhandled' | 'rejection' | 'render_failed';
  message: string;
  screen: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
  /** Top first; `original` where the release's uploaded source maps place the frame. */
  frames: Array<{ file: string; line: number; column: number; fn?: string; original?: { file: string; line: number; column: number; name?: string } }>;
}

/** An API without error groups yet answers the release without the field. */
export type ReleaseHealthWithErrors = ReleaseHealth & { errorGroups?: ErrorGroup[] };

export interface HealthSummaryResponse {
  remote: string;
  since: string;
  releases: ReleaseHealthWithErrors[];
}

export interface CanaryNumbers {
  pageViews: number;
  errors: number;
  errorRate: number | null;
  renders: number;
  renderFallbacks: number;
  renderFallbackRate: number | null;
  lcpP75: number | null;
  inpP75: number | null;
}

type CanaryVerdict = 'healthy' | 'failing' | 'undecided';

export interface CanaryAnalysis {
  remote: string;
  canary: { version: string; share: number; since: string };
  baseline: { kind: 'live' | 'first set'; version: string | null };
  verdict: CanaryVerdict;
  reason: string;
  progress: { views: number; minViews: number; renders: number; minRenders: number; ageMs: number; minAgeMs: number };
  numbers: { canary: CanaryNumbers; baseline: CanaryNumbers };
  /** `step` is the index in `steps` of the canary's share now; `nextAt` is null at the last step. */
  ramp: { steps: number[]; everyMs: number; step: number; nextAt: string | null } | null;
}

/** GET /telemetry/summary, with each release's top error groups where the API reports them. */
export function fetchReleaseHealth(remote: string, since: string, signal?: AbortSignal): Promise<HealthSummaryResponse> {
  return fetchTelemetrySummary(remote, since, signal);
}

/** GET /releases/analysis: the canaries' verdicts; null from an API that does not judge canaries (404). */
export async function fetchCanaryAnalysis(remote: string, signal?: AbortSignal): Promise<CanaryAnalysis[] | null> {
  try {
    return await request<CanaryAnalysis[]>('/releases/analysis', { query: { remote }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
