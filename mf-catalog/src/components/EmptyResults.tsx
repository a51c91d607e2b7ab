import styled from 'styled-components';
import { GhostButton, theme } from '@usedcars/shared-ui';

const Empty = styled.div`
  padding: 48px 16px;
  text-align: center;
  background: ${theme.color.surface};
  border-radius: ${theme.radius};
  h2 {
    margin: 0 0 8px;
    font-size: 20px;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0 0 16px;
    color: ${theme.color.muted};
  }
`;

/** No cars to show: why, and the way out that fits (clear the filters, the first page). */
export function EmptyResults({ title, hint, action }: { title: string; hint: string; action?: { text: string; onClick: () => void } }) {
  return (
    <Empty>
      <h2>{title}</h2>
      <p>{hint}</p>
      {action ? (
        <GhostButton type="button" onClick={action.onClick}>
          {action.text}
        </GhostButton>
      ) : null}
    </Empty>
  );
}
