import { useState } from 'react';
import styled from 'styled-components';
import { markNotificationsRead } from '@usedcars/shared-api/alerts';
import { errorText, GhostButton, theme } from '@usedcars/shared-ui';

/**
 * Opening the list marks what it shows read; unread notifications older than the list's first page
 * are marked with one press (POST /notifications/read without ids).
 */
export function MarkAllRead({ unread, onMarked }: { unread: number; onMarked: (unread: number) => void }) {
  const [state, setState] = useState<{ marking: boolean; failed?: string }>({ marking: false });
  const mark = () => {
    setState({ marking: true });
    markNotificationsRead().then(
      (result) => {
        setState({ marking: false });
        onMarked(result.unread);
      },
      (error: unknown) => setState({ marking: false, failed: errorText(error) }),
    );
  };
  return (
    <Foot>
      <p>
        {unread} older {unread === 1 ? 'notification is' : 'notifications are'} unread.
      </p>
      <GhostButton type="button" onClick={mark} disabled={state.marking}>
        {state.marking ? 'Marking…' : 'Mark all as read'}
      </GhostButton>
      <div role="alert">{state.failed ? <Refusal>They were not marked: {state.failed}</Refusal> : null}</div>
    </Foot>
  );
}

const Foot = styled.div`
  display: grid;
  gap: 8px;
  justify-items: start;
  margin-top: 12px;
  p {
    margin: 0;
  }
`;

const Refusal = styled.p`
  color: ${theme.color.danger};
`;
