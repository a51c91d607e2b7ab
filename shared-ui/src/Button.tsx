import styled, { css } from 'styled-components';
import { focusRing } from './focusRing';
import { theme } from './theme';

const base = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 44px;
  padding: 0 20px;
  border-radius: ${theme.radius};
  font: 600 15px/1 ${theme.font};
  text-decoration: none;
  cursor: pointer;
  border: 2px solid ${theme.color.brand};
  &:focus-visible {
    outline: 3px solid ${theme.color.focus};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

/** Filled call to action (Login, ADD, Pay, Book Now). */
export const Button = styled.button`
  ${base};
  background: ${theme.color.brand};
  color: #fff;
  &:hover:not(:disabled) {
    background: ${theme.color.brandDark};
  }
`;

/** Outlined secondary action. */
export const GhostButton = styled.button`
  ${base};
  background: transparent;
  color: ${theme.color.brand};
`;

export const buttonStyles = base;

/**
 * A round × that closes or dismisses (a dialog, a notice): a 44-px target for a finger, its
 * colour taken from what it sits on. Give it an aria-label; the × alone says nothing.
 */
export const CloseButton = styled.button`
  flex: none;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  font-size: 26px;
  line-height: 1;
  cursor: pointer;
  ${focusRing};
  &:hover {
    background: rgba(0, 0, 0, 0.07);
  }
`;
