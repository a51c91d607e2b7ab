import styled from 'styled-components';
import { ORDER_LABELS } from '@usedcars/shared-contract';
import { theme } from '@usedcars/shared-ui';

/** A paid booking's status cell, the same in My Orders and My Buyers. */
export function PaidMark() {
  return <Paid>{ORDER_LABELS.paid}</Paid>;
}

const Paid = styled.strong`
  color: ${theme.color.success};
`;
