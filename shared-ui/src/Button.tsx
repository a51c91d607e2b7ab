import styled, { css } from 'styled-components';
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
