import styled, { keyframes } from 'styled-components';
import { theme } from './theme';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span`
  display: inline-block;
  width: 40px;
  height: 40px;
  border: 4px solid ${theme.color.line};
  border-top-color: ${theme.color.brand};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2.4s;
  }
`;

const Centre = styled.div`
  display: flex;
  justify-content: center;
  padding: 48px 0;
`;

/** A loading indicator that screen readers announce as a status. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <Centre role="status" aria-live="polite">
      <Ring aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Centre>
  );
}

export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;
