import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { buttonStyles } from './Button';
import { theme } from './theme';

/** A router link that looks like the filled Button, for calls to action that navigate. */
export const ButtonLink = styled(Link)`
  ${buttonStyles};
  background: ${theme.color.brand};
  color: #fff;
  &:hover {
    background: ${theme.color.brandDark};
    color: #fff;
  }
`;
