import { useContext, useEffect, useState, useSyncExternalStore } from 'react';
import styled, { keyframes } from 'styled-components';
import { theme } from '@usedcars/shared-ui';
import { NavigationStoresContext, noSubscription } from './navigationStores';

/** A move quicker than this shows nothing: a bar that flashes would be noise. */
const SHOW_AFTER_MS = 100;

const notPending = () => false;

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const Track = styled.div`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: 40;
  height: 3px;
  overflow: hidden;
  pointer-events: none;
`;

const Bar = styled.div`
  width: 40%;
  height: 100%;
  background: ${theme.color.brand};
  animation: ${slide} 1.1s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    width: 100%;
    animation: none;
    opacity: 0.7;
  }
`;

/**
 * The thin bar at the top while a move waits for the new screen (docs/architecture.md, "Moving
 * between screens"). Rendered on the server too (as nothing), so the page's tree is the server's
 * and the ids React makes (useId) agree.
 */
export function NavigationProgress() {
  const store = useContext(NavigationStoresContext)?.pending;
  const pending = useSyncExternalStore(store?.subscribe ?? noSubscription, store?.get ?? notPending, notPending);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!pending) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  if (!visible) return null;
  return (
    <Track role="progressbar" aria-label="Loading the next page">
      <Bar />
    </Track>
  );
}
