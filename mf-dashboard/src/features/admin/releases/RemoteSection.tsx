import { useDeferredValue, useEffect, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import styled from 'styled-components';
import { Spinner } from '@usedcars/shared-ui';
import { RemoteReleases } from './RemoteReleases';
import { canaryAnalysisQuery, liveSetQuery, releaseHealthQuery, releaseHistoryQuery } from './useReleases';

/** Whether what one remote's section reads has arrived (or failed to): it waits for its own reads, never another remote's. */
function useOwnReadsDone(remote: string, since: string): boolean {
  const done = useQueries({
    queries: [liveSetQuery(), releaseHistoryQuery(remote), canaryAnalysisQuery(remote), releaseHealthQuery(remote, since)],
    combine: (results) => results.every((result) => !result.isPending),
  });
  // Once shown, the section stays: a later read (another window, a refresh) changes it in place.
  const [shown, setShown] = useState(false);
  if (done && !shown) setShown(true);
  return shown || done;
}

/**
 * One remote's section, shown as soon as its own reads are in and its turn has come (`allowed`: the
 * section before it shown and painted), meanwhile a loading state as tall as the window, so a section arriving
 * below it is out of sight and moves nothing in view. The section is rendered in a transition (a
 * deferred value starting false), which React renders in slices, yielding to the browser between
 * them, and committed alone: no one long task (docs/performance.md, "Nothing moves while it arrives").
 */
export function RemoteSection({ remote, since, allowed, onTurnDone }: { remote: string; since: string; allowed: boolean; onTurnDone: () => void }) {
  const done = useOwnReadsDone(remote, since);
  const ready = useDeferredValue(allowed && done, false);
  // Its turn is over once it is shown, or while its reads are not in: the next remote never waits for this one's.
  const turnOver = allowed && (ready || !done);
  useEffect(() => {
    if (turnOver) onTurnDone();
  }, [turnOver, onTurnDone]);
  if (ready) return <RemoteReleases remote={remote} since={since} />;
  return (
    <WindowHigh>
      <Spinner label={`Loading the releases of ${remote}…`} />
    </WindowHigh>
  );
}

/** As tall as the window: nothing under it is in sight, so nothing moves when what it stands for replaces it. */
export const WindowHigh = styled.div`
  min-height: 100vh;
`;
