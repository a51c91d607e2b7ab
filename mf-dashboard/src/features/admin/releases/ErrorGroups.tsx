import { useId } from 'react';
import styled from 'styled-components';
import { theme } from '@usedcars/shared-ui';
import { formatWhen } from '../formatWhen';
import type { ErrorGroup, ReleaseHealth } from '@usedcars/shared-contract/telemetry';
import { count } from './formatNumbers';
import { ReleaseName, type ReleaseRole } from './ReleaseMark';

type Frame = ErrorGroup['frames'][number];

/** Where the error was seen, in words (docs/releases.md, "What each number means"); a kind added later reads as itself. */
const KIND_LABELS: Record<string, string> = {
  boundary: 'a screen threw in the browser',
  load: 'code could not be loaded',
  unhandled: 'an uncaught error',
  rejection: 'an unhandled promise rejection',
  render_failed: 'a screen threw while the server rendered it',
};
const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind.replace(/_/g, ' ');

/** The source's file and line where the release's source maps give them, else the built file's line and column. */
const frameText = (frame: Frame) => (frame.original ? `${frame.original.file}:${frame.original.line}` : `${frame.file}:${frame.line}:${frame.column}`);
const functionOf = (frame: Frame) => frame.original?.name ?? frame.fn;

/**
 * Each release's top errors (at most ten, as the API ranks them: the render servers' own first, then by how many networks saw them): the message, how often,
 * where, first and last seen, and the stack's top frames behind a disclosure. The texts come
 * from pages and are shown as text only: a frame's address is never a link.
 */
export function ErrorGroups({ remote, releases, roles }: { remote: string; releases: readonly ReleaseHealth[]; roles: ReadonlyMap<string, ReleaseRole> }) {
  const headingId = useId();
  const withErrors = releases.filter((release) => release.errorGroups.length > 0);
  return (
    <Section aria-labelledby={headingId}>
      <h3 id={headingId}>{remote}: top errors by release</h3>
      {withErrors.length === 0 ? (
        <Muted>No errors were reported in this window.</Muted>
      ) : (
        withErrors.map((release) => <ReleaseErrors key={release.release} remoteHeadingId={headingId} release={release} role={roles.get(release.release)} />)
      )}
    </Section>
  );
}

function ReleaseErrors({ remoteHeadingId, release, role }: { remoteHeadingId: string; release: ReleaseHealth; role?: ReleaseRole }) {
  const headingId = useId();
  // Named with its remote's heading too: two remotes may run a release of the same version.
  return (
    <section aria-labelledby={`${remoteHeadingId} ${headingId}`}>
      <h4 id={headingId}>
        <ReleaseName release={release.release} role={role} />
      </h4>
      <Groups>
        {release.errorGroups.map((group) => (
          <Group key={group.fingerprint} group={group} />
        ))}
      </Groups>
    </section>
  );
}

function Group({ group }: { group: ErrorGroup }) {
  const [top] = group.frames;
  return (
    <li>
      <Message dir="auto">{group.message}</Message>
      <Facts>
        <div>
          <dt>Count</dt>
          <dd>{count(group.count)}</dd>
        </div>
        <div>
          <dt>Networks</dt>
          <dd>{group.kind === 'render_failed' ? 'the render servers' : group.networks >= 50 ? '50 or more' : count(group.networks)}</dd>
        </div>
        <div>
          <dt>Screen</dt>
          <dd>
            <code>{group.screen}</code>: {kindLabel(group.kind)}
          </dd>
        </div>
        <div>
          <dt>First seen</dt>
          <dd>
            <time dateTime={group.firstSeen}>{formatWhen(group.firstSeen)}</time>
          </dd>
        </div>
        <div>
          <dt>Last seen</dt>
          <dd>
            <time dateTime={group.lastSeen}>{formatWhen(group.lastSeen)}</time>
          </dd>
        </div>
      </Facts>
      {top ? (
        <details>
          <summary>
            Thrown at <code>{frameText(top)}</code>
          </summary>
          <Frames>
            {group.frames.map((frame, index) => (
              <li key={index}>
                <code>{frameText(frame)}</code>
                {functionOf(frame) && (
                  <>
                    {' '}
                    in <code>{functionOf(frame)}</code>
                  </>
                )}
                {frame.original && (
                  <Built>
                    built file: <code>{`${frame.file}:${frame.line}:${frame.column}`}</code>
                  </Built>
                )}
              </li>
            ))}
          </Frames>
        </details>
      ) : (
        <Muted>No stack was reported.</Muted>
      )}
    </li>
  );
}

const Section = styled.section`
  display: grid;
  gap: 12px;
  min-width: 0;
  h3,
  h4 {
    margin: 0;
  }
  h4 {
    font-size: 16px;
    overflow-wrap: anywhere;
  }
`;

const Groups = styled.ol`
  display: grid;
  gap: 12px;
  margin: 8px 0 0;
  padding: 0;
  list-style: none;
  > li {
    padding: 12px;
    border: 1px solid ${theme.color.line};
    border-left: 4px solid ${theme.color.danger};
    border-radius: ${theme.radius};
    min-width: 0;
  }
  summary {
    cursor: pointer;
    overflow-wrap: anywhere;
  }
  code {
    overflow-wrap: anywhere;
  }
`;

const Message = styled.p`
  margin: 0 0 8px;
  font-weight: 700;
  overflow-wrap: anywhere;
  white-space: pre-wrap;
`;

const Facts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 24px;
  margin: 0 0 8px;
  font-size: 14px;
  dt {
    display: inline;
    color: ${theme.color.muted};
  }
  dt::after {
    content: ': ';
  }
  dd {
    display: inline;
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Frames = styled.ol`
  margin: 8px 0 0;
  padding-left: 20px;
  font-size: 14px;
  li + li {
    margin-top: 4px;
  }
`;

const Built = styled.span`
  display: block;
  color: ${theme.color.muted};
`;

const Muted = styled.p`
  margin: 0;
  color: ${theme.color.muted};
`;
