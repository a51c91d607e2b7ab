import { DataTable, type Column } from '../../../components/DataTable';
import type { ReleaseHealth } from '@usedcars/shared-contract/telemetry';
import { ErrorGroups } from './ErrorGroups';
import { count, ms, percent } from './formatNumbers';
import { HealthChart } from './HealthChart';
import { ReleaseName, type ReleaseRole } from './ReleaseMark';
import { useReleaseHealth } from './useReleases';

type Row = ReleaseHealth & { _id: string };

function columnsFor(roles: ReadonlyMap<string, ReleaseRole>): Column<Row>[] {
  return [
    { header: 'Release', cell: (health) => <ReleaseName release={health.release} role={roles.get(health.release)} /> },
    { header: 'Page views', cell: (health) => count(health.pageViews), align: 'end', nowrap: true },
    { header: 'Error rate', cell: (health) => `${percent(health.errorRate)} (${count(health.errors)})`, align: 'end', nowrap: true },
    { header: 'p75 LCP', cell: (health) => ms(health.lcpP75), align: 'end', nowrap: true },
    { header: 'p75 INP', cell: (health) => ms(health.inpP75), align: 'end', nowrap: true },
    { header: 'p75 CLS', cell: (health) => (health.clsP75 === null ? '—' : String(health.clsP75)), align: 'end', nowrap: true },
    { header: 'Render fallbacks', cell: (health) => `${count(health.renderFallbacks)} of ${count(health.renders)}`, align: 'end', nowrap: true },
  ];
}

/**
 * Per release, as the telemetry names it (docs/releases.md, "What each number means"): totals over
 * the window with the live release and the canary marked, page views per minute, and the top errors.
 */
export function ReleaseHealthPanel({ remote, since, roles }: { remote: string; since: string; roles: ReadonlyMap<string, ReleaseRole> }) {
  const health = useReleaseHealth(remote, since);
  const releases = health.data?.releases;
  const rows = { ...health, data: releases?.map((release) => ({ ...release, _id: release.release })) };
  return (
    <>
      <DataTable
        caption={`${remote} health by release`}
        columns={columnsFor(roles)}
        query={rows}
        empty={<p>No page views or renders of {remote} were reported in this window.</p>}
      />
      {releases && releases.length > 0 && (
        <>
          <HealthChart remote={remote} since={since} releases={releases} />
          <ErrorGroups remote={remote} releases={releases} roles={roles} />
        </>
      )}
    </>
  );
}
