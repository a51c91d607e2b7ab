import { useId, useState } from 'react';
import styled from 'styled-components';
import type { Release } from '@usedcars/shared-contract';
import { TOPOLOGY } from '@usedcars/shared-contract/topology';
import { theme } from '@usedcars/shared-ui';
import { SmallButton } from '../../../components/SmallButton';
import { AskWhyDialog } from '../ReasonDialog';
import { ConfirmDialog } from '../ConfirmDialog';
import { CanaryShareForm } from './CanaryShareForm';
import { CanaryVerdict } from './CanaryVerdict';
import { ReleaseHealthPanel } from './ReleaseHealth';
import { ReleaseHistory } from './ReleaseHistory';
import { releaseRoles } from './ReleaseMark';
import { useCanaryAnalysis, useLiveSet, usePromote, useReleaseHistory, useRollback } from './useReleases';

/** The dialog open, with the canary asked about: the dialog stays while the registry reads afresh under it. */
type Asking = { act: 'promote'; version: string } | { act: 'rollback' } | null;

/** One remote: what it runs, what can be done about it, its history and its health. */
export function RemoteReleases({ remote, since }: { remote: string; since: string }) {
  const headingId = useId();
  const live = useLiveSet();
  const history = useReleaseHistory(remote);
  const analysis = useCanaryAnalysis(remote);
  const running = live.data?.remotes[remote];
  const canary = running?.canary ?? null;
  // The verdict on the canary running now: one on a canary just promoted or rolled back is history.
  const judged = analysis.data?.find((entry) => entry.remote === remote && entry.canary.version === canary?.version);
  const roles = releaseRoles(running, judged);
  const [asking, setAsking] = useState<Asking>(null);
  return (
    <Section aria-labelledby={headingId}>
      <h2 id={headingId}>
        {remote} <Title>{TOPOLOGY.remotes[remote]?.title}</Title>
      </h2>
      <Running>
        <div>
          <dt>Live</dt>
          <dd>{live.isPending ? 'Loading…' : running?.live ? <code>{running.live.version}</code> : 'No release yet: the baseline set (remotes.json)'}</dd>
        </div>
        <div>
          <dt>Canary</dt>
          <dd>
            {canary ? (
              <>
                <code>{canary.version}</code> for {canary.share} % of visitors
              </>
            ) : live.isPending ? (
              'Loading…'
            ) : (
              'None'
            )}
          </dd>
        </div>
      </Running>
      {live.isError && <Refusal role="alert">We could not read what {remote} runs.</Refusal>}
      {judged && <CanaryVerdict remote={remote} analysis={judged} />}
      {canary && analysis.isError && <Refusal role="alert">We could not read the verdict on the canary of {remote}.</Refusal>}
      <Actions>
        {canary && (
          <SmallButton
            type="button"
            onClick={() => setAsking({ act: 'promote', version: canary.version })}
            aria-label={`Promote canary ${canary.version} of ${remote}`}
          >
            Promote canary
          </SmallButton>
        )}
        {(canary || running?.live) && (
          <SmallButton type="button" onClick={() => setAsking({ act: 'rollback' })} aria-label={`Roll back ${remote}`}>
            Roll back
          </SmallButton>
        )}
      </Actions>
      {canary && <CanaryShareForm remote={remote} share={canary.share} />}
      <ReleaseHistory remote={remote} query={history} />
      <ReleaseHealthPanel remote={remote} since={since} roles={roles} />
      {asking?.act === 'promote' && <PromoteDialog remote={remote} version={asking.version} onClose={() => setAsking(null)} />}
      {asking?.act === 'rollback' && <RollbackDialog remote={remote} canary={canary?.version} history={history.data} onClose={() => setAsking(null)} />}
    </Section>
  );
}

function PromoteDialog({ remote, version, onClose }: { remote: string; version: string; onClose: () => void }) {
  const promote = usePromote();
  return (
    <ConfirmDialog
      title={`Promote ${remote} ${version}?`}
      confirm="Promote"
      done={`${remote} ${version} is live for everyone`}
      act={{ run: (onDone) => promote.mutate(remote, { onSuccess: onDone }), isPending: promote.isPending, error: promote.isError ? promote.error : null }}
      onClose={onClose}
    >
      <p>Every visitor gets this release from their next page load; the release live now retires.</p>
    </ConfirmDialog>
  );
}

function RollbackDialog({ remote, canary, history, onClose }: { remote: string; canary?: string; history?: Release[]; onClose: () => void }) {
  const rollback = useRollback();
  // What the API goes back to: the retired release that went live last (never one that was only a canary).
  const before = history?.filter((release) => release.status === 'retired' && release.liveAt).sort((a, b) => b.liveAt!.localeCompare(a.liveAt!))[0]?.version;
  const effect = canary
    ? `The canary ${canary} is taken out of rotation.`
    : before
      ? `${before} goes live again.`
      : `No release was live before this one: ${remote} goes back to its baseline set.`;
  return (
    <AskWhyDialog
      text={{ title: `Roll back ${remote}`, confirm: 'Roll back', toldTo: `${effect} The reason is kept in the history.`, done: `${remote} rolled back` }}
      act={{
        run: (reason, onDone) => rollback.mutate({ remote, reason }, { onSuccess: onDone }),
        isPending: rollback.isPending,
        error: rollback.isError ? rollback.error : null,
      }}
      onClose={onClose}
    />
  );
}

/** Laid out and painted only near the viewport, as high as a window until then (docs/performance.md, "Nothing moves while it arrives"). */
const Section = styled.section`
  content-visibility: auto;
  contain-intrinsic-size: auto 100vh;
  display: grid;
  gap: 16px;
  min-width: 0;
  padding: 16px;
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius};
  h2 {
    margin: 0;
  }
`;

const Title = styled.span`
  font-size: 16px;
  font-weight: 400;
  color: ${theme.color.muted};
`;

const Running = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 32px;
  margin: 0;
  dt {
    font-size: 13px;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${theme.color.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  &:empty {
    display: none;
  }
`;

const Refusal = styled.p`
  margin: 0;
  color: ${theme.color.danger};
`;
