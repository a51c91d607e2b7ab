import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { PREVIEW_PARAM } from '@usedcars/shared-contract';
import { Container, GhostButton, theme } from '@usedcars/shared-ui';
import { usePagePreview } from './PreviewContext';
import { LEAVE_PREVIEW_PATH, takeEndedNotice } from './pagePreview';

/** The address without the link it was opened with: what a visitor copies or returns to shows the site as everyone gets it. */
function withoutLink(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(PREVIEW_PARAM);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/**
 * The bar a previewing visitor sees inside the layout (docs/product.md, "Preview bar"): what is
 * previewed and until when, or which dev server a remote comes from, and Leave preview; or that
 * the link they opened has ended, over the site as everyone sees it.
 */
export function PreviewBar() {
  const preview = usePagePreview();
  const { pathname, search } = useLocation();
  const [dismissed, setDismissed] = useState(false);
  // A page everyone gets (from the page cache) whose visitor's link has ended: the notice shows once hydrated.
  const [endedHere, setEndedHere] = useState(false);
  const back = withoutLink(pathname, search);
  useEffect(() => {
    // The link stays in the PR, not in the address bar.
    if (new URLSearchParams(window.location.search).has(PREVIEW_PARAM))
      window.history.replaceState(window.history.state, '', `${withoutLink(window.location.pathname, window.location.search)}${window.location.hash}`);
    if (takeEndedNotice()) setEndedHere(true);
  }, []);
  const releases = preview?.releases ?? [];
  const local = preview?.local ?? [];
  const ended = endedHere || preview?.ended === true;
  const active = releases.length > 0 || local.length > 0;
  if (!active && (!ended || dismissed)) return null;
  return (
    <Bar aria-label="Preview">
      <Row>
        <Lines>
          {releases.map(({ remote, version, expiresIn }) => (
            <Line key={remote}>
              Preview: <strong>{remote}</strong> <code>{version}</code> · {expiresIn}
            </Line>
          ))}
          {local.map(({ remote, origin }) => (
            <Line key={remote}>
              Local: <strong>{remote}</strong> from <code>{origin}</code>
            </Line>
          ))}
          {ended && <Line role="status">The preview link you opened has expired, was withdrawn or is not valid: this is the site as everyone sees it.</Line>}
        </Lines>
        {active ? (
          <form method="post" action={LEAVE_PREVIEW_PATH}>
            <input type="hidden" name="return" value={back} />
            <Action type="submit">Leave preview</Action>
          </form>
        ) : (
          <Action type="button" onClick={() => setDismissed(true)}>
            Dismiss
          </Action>
        )}
      </Row>
    </Bar>
  );
}

const Bar = styled.section`
  background: #fff4e0;
  border-bottom: 1px solid #f1d29a;
  color: ${theme.color.ink};
`;

const Row = styled(Container)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  padding-block: 8px;
`;

const Lines = styled.div`
  display: grid;
  gap: 2px;
  min-width: 0;
  font-size: 15px;
  line-height: 1.4;
`;

const Line = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
  code {
    font-size: 14px;
  }
`;

const Action = styled(GhostButton)`
  min-height: 40px;
  padding: 0 14px;
  white-space: nowrap;
  background: ${theme.color.surface};
`;
