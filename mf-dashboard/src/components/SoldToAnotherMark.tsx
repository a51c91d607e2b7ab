import styled from 'styled-components';
import { ORDER_LABELS } from '@usedcars/shared-contract';
import { theme } from '@usedcars/shared-ui';

/**
 * The status cell of an unpaid booking whose car another buyer paid for first, the same in the
 * buyer's My Orders and the seller's My Buyers: muted, as there is nothing left to do about it.
 */
export function SoldToAnotherMark() {
  return <Muted>{ORDER_LABELS.soldToAnother}</Muted>;
}

const Muted = styled.span`
  color: ${theme.color.muted};
`;
