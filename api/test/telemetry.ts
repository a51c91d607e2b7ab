import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TelemetryEvent } from '@usedcars/shared-contract/telemetry';
import { pageTokenKey, signPageToken } from '@usedcars/shared-contract/telemetry-token';
import type { TestApi } from './test-api';

/** The render servers' TELEMETRY_TOKEN in the tests that configure one. */
export const RENDER_SERVER_TOKEN = 'render-server-token-0123456789';

export interface ServedPage {
  /** Per remote, the release the page was served with. */
  releases: Record<string, string>;
  /** The remotes of `releases` on the baseline set's build. */
  baselineSet?: string[];
  bucket?: number;
  /** When it was served (ms since the epoch). */
  at?: number;
  secret?: string;
}

/** The token a render server signs into a page it serves (shell/src/server/observability/pageTokens.ts). */
export function pageToken({ releases, baselineSet = [], bucket = 0, at = Date.now(), secret = RENDER_SERVER_TOKEN }: ServedPage): string {
  return signPageToken(pageTokenKey(secret), { releases, baselineSet, bucket }, Math.floor(at / 1000));
}

/** An address of its own for each page: a visitor network per page, unless a test names the address (one network, one voice). */
function addressOf(token: string | undefined): string {
  const [a = 0, b = 0, c = 0] = createHash('sha256')
    .update(token ?? '')
    .digest();
  return `10.${a}.${b}.${(c % 250) + 1}`;
}

/** A page's beacon: its events with its token, as text/plain from the visitor's address (by default one of the page's own). */
export function beacon(api: TestApi, token: string | undefined, events: TelemetryEvent[], ip = addressOf(token)): Promise<LightMyRequestResponse> {
  return api.inject({
    method: 'POST',
    url: '/telemetry',
    remoteAddress: ip,
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: JSON.stringify(token ? { token, events } : { events }),
  });
}

/** A render server's report: the pages it sent with a token naming this release (and its renders, when given). */
export function rendererReport(api: TestApi, events: TelemetryEvent[], secret = RENDER_SERVER_TOKEN): Promise<LightMyRequestResponse> {
  return api.inject({
    method: 'POST',
    url: '/telemetry',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    payload: { events },
  });
}
