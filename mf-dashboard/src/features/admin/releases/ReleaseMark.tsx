import styled from 'styled-components';
import type { LiveSet } from '@usedcars/shared-contract';
import { theme } from '@usedcars/shared-ui';
import type { CanaryAnalysis } from '@usedcars/shared-contract';

/** What a release is to its remote now: the one everyone gets, the canary and its share, or the baseline set's build standing in for live. */
export type ReleaseRole = { kind: 'live' } | { kind: 'canary'; share: number } | { kind: 'baseline set' };

/** The name the telemetry gives what a page reported before it knew the release it ran (docs/releases.md, "What each number means"). */
const UNKNOWN_RELEASE = 'unknown';

/** Each release's role by version, from the live set and, for a remote on its baseline set, the canary's baseline. */
export function releaseRoles(running: LiveSet['remotes'][string] | undefined, analysis: CanaryAnalysis | undefined): ReadonlyMap<string, ReleaseRole> {
  const roles = new Map<string, ReleaseRole>();
  if (analysis?.baseline.kind === 'first set' && analysis.baseline.version) roles.set(analysis.baseline.version, { kind: 'baseline set' });
  if (running?.live) roles.set(running.live.version, { kind: 'live' });
  if (running?.canary) roles.set(running.canary.version, { kind: 'canary', share: running.canary.share });
  return roles;
}

const roleLabel = (role: ReleaseRole) => (role.kind === 'canary' ? `canary ${role.share} %` : role.kind === 'baseline set' ? 'live (baseline set)' : 'live');

/** A small pill: green for what is live, amber for the canary, grey for the rest, red for a rollback. */
export const Mark = styled.span`
  display: inline-block;
  margin: 2px 0 2px 6px;
  padding: 1px 8px;
  border-radius: 999px;
  font-size: 13px;
  font-weight: 700;
  white-space: nowrap;
  vertical-align: baseline;
  background: ${theme.color.canvas};
  color: ${theme.color.ink};
  border: 1px solid ${theme.color.line};
  &[data-tone='live'] {
    background: #e7f5ec;
    border-color: #b7e0c5;
    color: ${theme.color.success};
  }
  &[data-tone='canary'] {
    background: #fff4e0;
    border-color: #f1d29a;
    color: #7a4900;
  }
  &[data-tone='failed'] {
    background: #fdecec;
    border-color: #f3c0c2;
    color: ${theme.color.danger};
  }
  &:first-child {
    margin-left: 0;
  }
`;

const toneOf = (role: ReleaseRole) => (role.kind === 'canary' ? 'canary' : 'live');

/** A release as the health numbers name it: its version with its role, or what "unknown" means. */
export function ReleaseName({ release, role }: { release: string; role?: ReleaseRole }) {
  if (release === UNKNOWN_RELEASE)
    return (
      <>
        <code>unknown</code> <Note>reported before the page knew its release</Note>
      </>
    );
  return (
    <Named>
      <code>{release}</code>
      {role && <Mark data-tone={toneOf(role)}>{roleLabel(role)}</Mark>}
    </Named>
  );
}

/** The version and its mark side by side, the mark under it where there is no room, never indented. */
const Named = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 2px 6px;
  ${Mark} {
    margin: 0;
  }
`;

const Note = styled.span`
  display: block;
  font-size: 13px;
  font-weight: 400;
  color: ${theme.color.muted};
`;
