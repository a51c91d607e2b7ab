import styled from 'styled-components';
import { CANCEL_REASON_LABELS, type CancelReason, ORDER_LABELS } from '@usedcars/shared-contract';
import { theme } from '@usedcars/shared-ui';

/**
 * The status cell of a booking cancelled when its seller ended the listing: muted, as there is
 * nothing left to do about it; with why for the buyer (My Orders), without for the seller, who ended it.
 */
export function CancelledMark({ reason }: { reason?: CancelReason }) {
  return (
    <Muted>
      {ORDER_LABELS.cancelled}
      {reason && <Why>{CANCEL_REASON_LABELS[reason]}</Why>}
    </Muted>
  );
}

const Muted = styled.span`
  color: ${theme.color.muted};
`;

const Why = styled.small`
  display: block;
  font-size: 13px;
`;
