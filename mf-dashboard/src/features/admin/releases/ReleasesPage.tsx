import { useState } from 'react';
import styled from 'styled-components';
import { REMOTE_NAMES } from '@usedcars/shared-contract/topology';
import { theme } from '@usedcars/shared-ui';
import { Field, Select } from '@usedcars/shared-ui/form';
import { AdminOnly } from '../../../components/RoleOnly';
import { DeployTokens } from './DeployTokens';
import { PinNotice } from './PinNotice';
import { RemoteReleases } from './RemoteReleases';

/** The windows the health numbers cover; the API keeps them for TELEMETRY_RETENTION_DAYS. */
const WINDOWS = [
  { label: 'Last hour', minutes: 60 },
  { label: 'Last 24 hours', minutes: 24 * 60 },
  { label: 'Last 7 days', minutes: 7 * 24 * 60 },
] as const;

/** The start of a window, to the minute, so the health queries keep one key while the window is chosen. */
const sinceFor = (minutes: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 - minutes * 60_000).toISOString();

/** /dashboard/releases (admin): each remote's releases, their health, pins and deploy tokens (docs/releases.md, "The Releases screen"). */
export default function ReleasesPage() {
  return (
    <AdminOnly title="Releases" refusal="Only the admin manages releases.">
      <Releases />
    </AdminOnly>
  );
}

function Releases() {
  const [minutes, setMinutes] = useState<number>(WINDOWS[0].minutes);
  const [since, setSince] = useState(() => sinceFor(WINDOWS[0].minutes));
  const choose = (minutes: number) => {
    setMinutes(minutes);
    setSince(sinceFor(minutes));
  };
  return (
    <Page>
      <h1>Releases</h1>
      <Intro>What each remote runs, its history and its health. Promote, roll back and canary changes reach every page on its next load.</Intro>
      <PinNotice />
      <WindowField label="Health over">
        <Select name="window" value={minutes} onChange={(event) => choose(Number(event.target.value))}>
          {WINDOWS.map((option) => (
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
    </Page>
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
