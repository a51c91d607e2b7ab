import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import styled from 'styled-components';
import { REMOTE_NAMES } from '@usedcars/shared-contract/topology';
import { Spinner, theme } from '@usedcars/shared-ui';
import { Field, Select } from '@usedcars/shared-ui/form';
import { AdminOnly } from '../../../components/RoleOnly';
import { DeployTokens } from './DeployTokens';
import { PinNotice } from './PinNotice';
import { ToPreviewLinks } from '../previews/ToPreviewLinks';
import { RemoteSection, WindowHigh } from './RemoteSection';
import { useOneAtATime } from './useOneAtATime';
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
 * Asks for everything the screen reads at once, and says whether the pin is known: the pin's notice sits above the
 * sections, so they wait for it (a cookie read, the API asked only when one is set), not for each other
 * (docs/performance.md, "Nothing moves while it arrives").
 */
function usePinKnown(since: string): boolean {
  return useQueries({
    queries: [
      pinnedReleaseQuery(),
      liveSetQuery(),
      ...REMOTE_NAMES.flatMap((remote) => [releaseHistoryQuery(remote), canaryAnalysisQuery(remote), releaseHealthQuery(remote, since)]),
      deployTokensQuery(),
    ],
    combine: (results) => !results[0]!.isPending,
  });
}

function Releases() {
  const [minutes, setMinutes] = useState<number>(HEALTH_WINDOWS[0].minutes);
  const [since, setSince] = useState(() => healthSince(HEALTH_WINDOWS[0].minutes));
  const choose = (minutes: number) => {
    setMinutes(minutes);
    setSince(healthSince(minutes));
  };
  const pinKnown = usePinKnown(since);
  return (
    <Page>
      <h1>Releases</h1>
      <Intro>What each remote runs, its history and its health. Promote, roll back and canary changes reach every page on its next load.</Intro>
      <ToPreviewLinks />
      {pinKnown ? (
        <Sections minutes={minutes} since={since} choose={choose} />
      ) : (
        <WindowHigh>
          <Spinner label="Loading the releases…" />
        </WindowHigh>
      )}
    </Page>
  );
}

function Sections({ minutes, since, choose }: { minutes: number; since: string; choose: (minutes: number) => void }) {
  // Each remote's section, then the tokens, committed one per frame (docs/performance.md, "The Releases screen").
  const { allowed, done } = useOneAtATime(REMOTE_NAMES.length + 1);
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
      {REMOTE_NAMES.map((remote, index) => (
        <RemoteSection key={remote} remote={remote} since={since} allowed={index < allowed} onTurnDone={() => done(index)} />
      ))}
      {allowed > REMOTE_NAMES.length ? (
        <DeployTokens />
      ) : (
        <WindowHigh>
          <Spinner label="Loading the deploy tokens…" />
        </WindowHigh>
      )}
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

const WindowField = styled(Field)`
  max-width: 240px;
`;
