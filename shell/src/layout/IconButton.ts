import styled from 'styled-components';
import { focusRing, theme } from '@usedcars/shared-ui';

/** The navbar's square buttons that show only an icon (the menu, the bell): a 44 px target. */
export const IconButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius};
  background: ${theme.color.surface};
  color: ${theme.color.ink};
  cursor: pointer;
  ${focusRing};
`;
