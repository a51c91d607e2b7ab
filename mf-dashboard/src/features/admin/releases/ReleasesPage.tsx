import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import styled from 'styled-components';
import { REMOTE_NAMES } from '@usedcars/shared-contract/topology';
import { Spinner, theme } from '@usedcars/shared-ui';
import { Field, Select } from '@usedcars/shared-ui/form';
import { AdminOnly } from '../../../components/RoleOnly';
import { DeployTokens } from './DeployTokens';
import { PinNotice } from './PinNotice';
import { RemoteReleases } from './RemoteReleases';
import {
  HEALTH_WINDOWS,
  canaryAnalysisQuery,
  deployTokensQuery,
  healthSince,
  liveSetQuery,
  pinnedReleaseQuery,
  releaseHealthQuery,
  releaseHistoryQuery,
} from './useReleases';

/** /dashboard/releases (admin): each remote's releases, their health, pins and deploy tokens (docs/releases.md, "The Releases screen"). */
export default function ReleasesPage() {
  return (
    <AdminOnly title="Releases" refusal="Only the admin manages releases.">
      <Releases />
    </AdminOnly>
  );
}

/**
 * Whether everything the screen shows has been read once (or failed to be): until then it shows one loading state as
 * tall as the window, then every section at once. Shown as each read arrived, each section grew under the admin's eyes
 * and pushed the next ones down (docs/performance.md, "Nothing moves while it arrives").
 */
function useFirstReadsDone(since: string): boolean {
  const reads = useQueries({
    queries: [
      liveSetQuery(),
      pinnedReleaseQuery(),
      deployTokensQuery(),
      ...REMOTE_NAMES.flatMap((remote) => [releaseHistoryQuery(remote), canaryAnalysisQuery(remote), releaseHealthQuery(remote, since)]),
    ],
    combine: (results) => results.every((result) => !result.isPending),
  });
  // Once shown, the sections stay: a later read (another window, a refresh) changes them in place.
  const [done, setDone] = useState(false);
  if (reads && !done) setDone(true);
  return done || reads;
}

function Releases() {
  const [minutes, setMinutes] = useState<number>(HEALTH_WINDOWS[0].minutes);
  const [since, setSince] = useState(() => healthSince(HEALTH_WINDOWS[0].minutes));
  const choose = (minutes: number) => {
    setMinutes(minutes);
    setSince(healthSince(minutes));
  };
  const ready = useFirstReadsDone(since);
  return (
    <Page>
      <h1>Releases</h1>
      <Intro>What each remote runs, its history and its health. Promote, roll back and canary changes reach every page on its next load.</Intro>
      {ready ? (
        <Sections minutes={minutes} since={since} choose={choose} />
      ) : (
        <Loading>
          <Spinner label="Loading the releases…" />
        </Loading>
      )}
    </Page>
  );
}

function Sections({ minutes, since, choose }: { minutes: number; since: string; choose: (minutes: number) => void }) {
  return (
    <>
      <PinNotice />
      <WindowField label="Health over">
        <Select name="window" value={minutes} onChange={(event) => choose(Number(event.target.value))}>
          {HEALTH_WINDOWS.map((option) => (
            <option key={option.minutes} value={option.minutes}>
              {option.label}
            </option>
          ))}
        </Select>
      </WindowField>
      {REMOTE_NAMES.map((remote) => (
        <RemoteReleases key={remote} remote={remote} since={since} />
      ))}
      <DeployTokens />
    </>
  );
}

const Page = styled.div`
  display: grid;
  gap: 24px;
  min-width: 0;
  h1 {
    margin: 0;
  }
`;

const Intro = styled.p`
  margin: 0;
  color: ${theme.color.muted};
`;

/** As tall as the window: nothing under it (the footer) is in sight, so nothing moves when the sections replace it. */
const Loading = styled.div`
  min-height: 100vh;
`;

const WindowField = styled(Field)`
  max-width: 240px;
`;
