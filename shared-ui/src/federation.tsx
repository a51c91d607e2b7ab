import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { ModuleId, ModuleProps } from '@usedcars/shared-contract';
import { remoteTitle } from '@usedcars/shared-contract/topology';
import { RemoteArea, type FallbackProps, type RemoteErrorHandler } from '@usedcars/federation';
import { Button } from './Button';
import { Spinner } from './Spinner';
import { theme } from './theme';

const Panel = styled.section`
  margin: 32px auto;
  max-width: 560px;
  padding: 28px;
  text-align: center;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  h2 {
    margin-top: 0;
  }
  p {
    color: ${theme.color.muted};
  }
`;

function RemoteFallback({ area, onRetry }: FallbackProps) {
  return (
    <Panel role="alert" aria-live="assertive" data-remote-fallback={area}>
      <h2>{remoteTitle(area)} is not available right now</h2>
      <p>We could not reach it. The rest of the site still works; try again in a moment.</p>
      <Button type="button" onClick={onRetry}>
        Try again
      </Button>
    </Panel>
  );
}

const renderFallback = (props: FallbackProps) => <RemoteFallback {...props} />;

/**
 * A remote's exposed module in the site's look: the loading, retry and error logic is the
 * federation package's RemoteArea; the spinner and the "not available" panel are shared-ui's.
 */
export function RemoteComponent<Id extends ModuleId>({
  id,
  props,
  fallback,
  staticMarkup = false,
  onError,
}: {
  id: Id;
  props: ModuleProps<Id>;
  fallback?: ReactNode;
  staticMarkup?: boolean;
  /** Told what the area's boundary catches; the page's handler (the shell's telemetry) when absent. */
  onError?: RemoteErrorHandler;
}) {
  return <RemoteArea id={id} props={props} loading={fallback ?? <Spinner />} renderFallback={renderFallback} staticMarkup={staticMarkup} onError={onError} />;
}
