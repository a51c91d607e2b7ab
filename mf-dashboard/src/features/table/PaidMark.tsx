import styled from 'styled-components';
import { theme } from '@usedcars/shared-ui';

/** A paid booking's status cell, the same in My Orders and My Buyers. */
export function PaidMark() {
  return <Paid>Paid</Paid>;
}

const Paid = styled.strong`
  color: ${theme.color.success};
`;
