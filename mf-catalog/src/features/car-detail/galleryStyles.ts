import styled from 'styled-components';
import { focusRing, theme } from '@usedcars/shared-ui';

export const Section = styled.section`
  min-width: 0;
`;

/* The box is reserved (16 / 10) before the photo arrives; the photo covers it. */
export const Stage = styled.div`
  position: relative;
  aspect-ratio: 16 / 10;
  border-radius: ${theme.radius};
  overflow: hidden;
  background: ${theme.color.line};
  touch-action: pan-y;
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

export const Open = styled.button`
  display: block;
  width: 100%;
  height: 100%;
  padding: 0;
  border: 0;
  background: none;
  cursor: zoom-in;
  ${focusRing};
  &:focus-visible {
    outline-offset: -4px;
  }
`;

export const Arrow = styled.button<{ $side: 'left' | 'right' }>`
  position: absolute;
  top: 50%;
  ${({ $side }) => $side}: 8px;
  transform: translateY(-50%);
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 50%;
  background: rgba(16, 24, 40, 0.6);
  color: #fff;
  font-size: 28px;
  line-height: 1;
  cursor: pointer;
  ${focusRing};
`;

export const Counter = styled.p`
  position: absolute;
  right: 8px;
  bottom: 8px;
  margin: 0;
  padding: 4px 10px;
  border-radius: 999px;
  background: rgba(16, 24, 40, 0.7);
  color: #fff;
  font-size: 14px;
  font-variant-numeric: tabular-nums;
`;

export const FullStage = styled.div`
  position: relative;
  touch-action: pan-y;
  img {
    display: block;
    width: 100%;
    height: auto;
    max-height: calc(100vh - 160px);
    max-height: calc(100dvh - 160px);
    object-fit: contain;
    background: ${theme.color.ink};
  }
`;

/* In the dialog the counter sits below the photo, not over it. */
export const FullCounter = styled.div`
  display: flex;
  justify-content: center;
  margin-top: 12px;
  p {
    position: static;
  }
`;
