import styled from 'styled-components';
import { Button } from './Button';
import { theme } from './theme';

export interface ErrorPanelProps {
  /** What could not be done, in bold before the reason ('We could not load my orders.'). */
  title?: string;
  /** Why, in words a person can read (errorText(error) for an API failure). */
  message: string;
  /** Loads again; without it (a refusal that would come back the same) no button is offered. */
  onRetry?: () => void;
  /** A retry is running: the button says so and ignores clicks. */
  retrying?: boolean;
  retryLabel?: string;
}

/**
 * The one "this failed, try again" panel of every screen that loads something (a brand list, a
 * car, a dashboard table, a booking to pay), so each failure reads and behaves alike.
 */
export function ErrorPanel({ title, message, onRetry, retrying = false, retryLabel = 'Retry' }: ErrorPanelProps) {
  return (
    <Panel role="alert">
      <p>
        {title ? <strong>{title}</strong> : null}
        {title ? ' ' : null}
        {message}
      </p>
      {onRetry && (
        // aria-disabled, not disabled: a disabled button would drop the keyboard focus while the retry runs.
        <Button type="button" aria-disabled={retrying} aria-busy={retrying} onClick={() => retrying || onRetry()}>
          {retrying ? 'Retrying…' : retryLabel}
        </Button>
      )}
    </Panel>
  );
}

const Panel = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin: 16px 0;
  padding: 12px 16px;
  border: 1px solid ${theme.color.danger};
  border-left-width: 4px;
  border-radius: ${theme.radius};
  color: ${theme.color.ink};
  background: #fff5f5;
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  strong {
    color: ${theme.color.danger};
  }
  [aria-disabled='true'] {
    opacity: 0.55;
    cursor: progress;
  }
`;
