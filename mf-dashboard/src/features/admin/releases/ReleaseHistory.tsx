import toast from 'react-hot-toast';
import styled from 'styled-components';
import type { Release } from '@usedcars/shared-contract';
import { errorText, theme } from '@usedcars/shared-ui';
import { SmallButton } from '../../../components/SmallButton';
import { DataTable, type Column, type TableQuery } from '../../../components/DataTable';
import { formatWhen } from '../formatWhen';
import { Mark } from './ReleaseMark';
import { usePin, usePinnedRelease, useUnpin } from './useReleases';

type Row = Release & { _id: string };

const STATUS_TONES: Record<string, string> = { live: 'live', canary: 'canary', rolled_back: 'failed' };

/** "live", "canary 10 %", "retired", "rolled back": a status the registry may add later still reads as words. */
const statusLabel = (release: Release) =>
  release.status === 'canary' && release.share !== null ? `canary ${release.share} %` : release.status.replace(/_/g, ' ');

/** The remote's releases, newest first, each with who released it, from which commit, its status and why. */
export function ReleaseHistory({ remote, query }: { remote: string; query: TableQuery<Release> }) {
  const pinned = usePinnedRelease().data;
  const pin = usePin();
  const unpin = useUnpin();
  const rows: TableQuery<Row> = { ...query, data: query.data?.map((release) => ({ ...release, _id: release.version })) };
  const pinTo = (release: Release) =>
    pin.mutate(
      { remote, version: release.version },
      { onSuccess: () => toast.success(`This browser now loads ${remote} ${release.version}`), onError: (error) => toast.error(errorText(error)) },
    );
  const columns: Column<Row>[] = [
    { header: 'Version', cell: (release) => <code>{release.version}</code>, nowrap: true },
    { header: 'When', cell: (release) => <time dateTime={release.createdAt}>{formatWhen(release.createdAt)}</time>, nowrap: true },
    { header: 'Who', cell: (release) => release.releasedBy, text: true },
    { header: 'Commit', cell: (release) => (release.commit ? <code>{release.commit.slice(0, 12)}</code> : '—'), nowrap: true },
    {
      header: 'Status',
      cell: (release) => (
        <>
          <Mark data-tone={STATUS_TONES[release.status]}>{statusLabel(release)}</Mark>
          {release.reason && <Why dir="auto">{release.reason}</Why>}
        </>
      ),
    },
    {
      header: 'Pin',
      cell: (release) =>
        pinned?.remote === remote && pinned.version === release.version ? (
          <SmallButton type="button" onClick={() => unpin.mutate()} aria-label={`Unpin ${remote} ${release.version}`}>
            Unpin
          </SmallButton>
        ) : (
          <SmallButton type="button" onClick={() => pinTo(release)} disabled={pin.isPending} aria-label={`Pin my browser to ${remote} ${release.version}`}>
            Pin
          </SmallButton>
        ),
      nowrap: true,
    },
  ];
  return (
    <DataTable caption={`${remote} releases`} columns={columns} query={rows} empty={<p>No release of {remote} is registered: it runs the baseline set.</p>} />
  );
}

const Why = styled.span`
  display: block;
  max-width: 320px;
  color: ${theme.color.muted};
  overflow-wrap: anywhere;
`;
