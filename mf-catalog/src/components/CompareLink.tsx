import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { focusRing, theme } from '@usedcars/shared-ui';
import { comparePath, useCompareList } from '../hooks/useCompareList';

/** Its box is there from the server's HTML on: the count arrives after hydration and nothing moves. */
const Slot = styled.span`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  min-width: 150px;
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 14px;
    border-radius: ${theme.radius};
    background: ${theme.color.focus};
    color: #fff;
    font-weight: 600;
    text-decoration: none;
    white-space: nowrap;
    ${focusRing};
  }
`;

/** "Compare (2)": to the comparison of the cars picked so far, once there is one. */
export function CompareLink() {
  const { ids } = useCompareList();
  return <Slot>{ids.length > 0 ? <Link to={comparePath(ids)}>Compare ({ids.length})</Link> : null}</Slot>;
}
