import styled from 'styled-components';
import { theme } from '@usedcars/shared-ui';

/** A green panel for what just went right (a token made, a pin in place). */
export const SuccessPanel = styled.div`
  padding: 12px 16px;
  border: 1px solid ${theme.color.successLine};
  border-radius: ${theme.radius};
  background: ${theme.color.successBg};
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
