import type { ReleaseHealth } from '@usedcars/shared-contract/telemetry';
import { DataTable, type Column } from '../../../components/DataTable';
import { HealthChart } from './HealthChart';
import { useReleaseHealth } from './useReleases';

type Row = ReleaseHealth & { _id: string };

const count = (value: number) => value.toLocaleString('en-US');
const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })} %`);
const ms = (value: number | null) => (value === null ? '—' : `${count(value)} ms`);

const columns: Column<Row>[] = [
  { header: 'Release', cell: (health) => <code>{health.release}</code>, nowrap: true },
  { header: 'Page views', cell: (health) => count(health.pageViews), align: 'end', nowrap: true },
  { header: 'Error rate', cell: (health) => `${percent(health.errorRate)} (${count(health.errors)})`, align: 'end', nowrap: true },
  { header: 'p75 LCP', cell: (health) => ms(health.lcpP75), align: 'end', nowrap: true },
  { header: 'p75 INP', cell: (health) => ms(health.inpP75), align: 'end', nowrap: true },
  { header: 'p75 CLS', cell: (health) => (health.clsP75 === null ? '—' : String(health.clsP75)), align: 'end', nowrap: true },
  { header: 'Render fallbacks', cell: (health) => `${count(health.renderFallbacks)} of ${count(health.renders)}`, align: 'end', nowrap: true },
];

/** Per release, as the telemetry names it (docs/releases.md, "What each number means"): totals over the window and a chart per minute. */
export function ReleaseHealthPanel({ remote, since }: { remote: string; since: string }) {
  const health = useReleaseHealth(remote, since);
  const releases = health.data?.releases;
  const rows = { ...health, data: releases?.map((release) => ({ ...release, _id: release.release })) };
  return (
    <>
      <DataTable
        caption={`${remote} health by release`}
        columns={columns}
        query={rows}
        empty={<p>No page views or renders of {remote} were reported in this window.</p>}
      />
      {releases && releases.length > 0 && <HealthChart remote={remote} releases={releases} />}
    </>
  );
}
