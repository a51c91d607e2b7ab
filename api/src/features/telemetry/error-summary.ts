import { and, eq, gte, sql } from 'drizzle-orm';
import { PAGE_TOKEN_ALLOWANCE } from '@usedcars/shared-contract/page-token';
import type { ErrorGroup, ErrorGroupKind } from '@usedcars/shared-contract/telemetry';
import type { Db } from '../../db/client';
import { telemetryErrorGroups, telemetryMinutes } from '../../db/schema';
import type { SourceMaps } from './source-maps';

/** Groups shown per release. */
const TOP = 10;

/**
 * Each release's top error groups seen since `since` (docs/releases.md, "Errors"): the render
 * servers' own first (nobody outside the site can send them), then by how many visitor networks
 * reported them, then how often, so a flood from a few networks never pushes a widely seen error
 * out. Their
 * frames resolved through the release's source maps. A group's count is since it was first seen,
 * and a page's errors never count past the allowance per page the render servers served with the
 * release (over the kept days): a render server's own reports are trusted as they are.
 */
export async function topErrorGroups(db: Db, sourceMaps: SourceMaps, remote: string, since: Date): Promise<Map<string, ErrorGroup[]>> {
  const t = telemetryErrorGroups;
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.remote, remote), gte(t.lastSeen, since)));
  const m = telemetryMinutes;
  const served = await db
    .select({ release: m.release, count: sql<number>`sum(${m.count})::float8` })
    .from(m)
    .where(and(eq(m.remote, remote), eq(m.metric, 'served')))
    .groupBy(m.release);
  const servedBy = new Map(served.map((row) => [row.release, row.count]));
  const byRelease = new Map<string, typeof rows>();
  for (const row of rows) {
    const bound = row.kind === 'render_failed' ? Infinity : (servedBy.get(row.release) ?? 0) * PAGE_TOKEN_ALLOWANCE.error;
    const count = Math.min(row.count, bound);
    if (count > 0) byRelease.set(row.release, [...(byRelease.get(row.release) ?? []), { ...row, count }]);
  }
  const shown = new Map<string, ErrorGroup[]>();
  for (const [release, groups] of byRelease) {
    const trusted = (group: (typeof groups)[number]) => (group.kind === 'render_failed' ? 1 : 0);
    const top = groups
      .sort((a, b) => trusted(b) - trusted(a) || b.networks.length - a.networks.length || b.count - a.count || b.lastSeen.getTime() - a.lastSeen.getTime())
      .slice(0, TOP);
    shown.set(
      release,
      await Promise.all(
        top.map(async (group) => ({
          fingerprint: group.fingerprint,
          kind: group.kind as ErrorGroupKind,
          message: group.message,
          screen: group.screen,
          count: group.count,
          networks: group.networks.length,
          firstSeen: group.firstSeen.toISOString(),
          lastSeen: group.lastSeen.toISOString(),
          frames: await sourceMaps.resolve(group.frames),
        })),
      ),
    );
  }
  return shown;
}
