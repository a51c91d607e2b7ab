import styled from 'styled-components';
import { CAR_STATUS_LABELS, type CarStatus } from '@usedcars/shared-contract';
import { Pill } from './Pill';
import { theme } from './theme';

/**
 * The pill that marks a car's state on the catalog's cards and the seller's My Products, named
 * as every screen names that state (shared-contract's CAR_STATUS_LABELS) unless told otherwise.
 */
export function StatusBadge({ status, label = CAR_STATUS_LABELS[status], className }: { status: CarStatus; label?: string; className?: string }) {
  return (
    <Badge data-status={status} className={className}>
      {label}
    </Badge>
  );
}

const Badge = styled(Pill)`
  letter-spacing: 0.02em;
  &[data-status='available'] {
    background: #e7f5ec;
    color: ${theme.color.success};
  }
  &[data-status='booked'] {
    background: #fff4e0;
    color: #8a5300;
  }
  &[data-status='sold'] {
    background: ${theme.color.ink};
    color: #fff;
  }
`;
