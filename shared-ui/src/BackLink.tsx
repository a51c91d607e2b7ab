import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { focusRing } from './focusRing';

/** "← All …" above a screen's heading: the way back to the list the screen came from. */
export const BackLink = styled(Link)`
  display: inline-block;
  margin-bottom: 16px;
  font-weight: 600;
  ${focusRing};
`;
