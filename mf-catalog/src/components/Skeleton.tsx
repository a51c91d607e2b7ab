import styled, { keyframes } from 'styled-components';
import { theme } from '@usedcars/shared-ui';

const shimmer = keyframes`
  from { background-position: 200% 0; }
  to { background-position: -200% 0; }
`;

/** A grey placeholder shaped like the content that is loading. */
export const SkeletonBlock = styled.div<{ $height?: string; $width?: string }>`
  height: ${({ $height }) => $height ?? '16px'};
  width: ${({ $width }) => $width ?? '100%'};
  border-radius: 6px;
  background: linear-gradient(90deg, ${theme.color.line} 25%, #eef0f4 50%, ${theme.color.line} 75%);
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;
