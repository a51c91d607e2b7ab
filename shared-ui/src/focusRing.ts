import { css } from 'styled-components';
import { theme } from './theme';

/** The one keyboard focus style for links and controls that are not Buttons. */
export const focusRing = css`
  &:focus-visible {
    outline: 3px solid ${theme.color.focus};
    outline-offset: 2px;
    border-radius: 4px;
  }
`;
