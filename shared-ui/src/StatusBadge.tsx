import styled from 'styled-components';
import { theme } from './theme';

/**
 * A car's state: shared-contract's CarStatus, named here because shared-ui sits below
 * shared-contract. A new state there stops the callers type-checking until it has a look here.
 */
export type BadgeStatus = 'available' | 'booked' | 'sold';

/** The pill that marks a car's state on the catalog's cards and the seller's My Products. */
export function StatusBadge({ status, label, className }: { status: BadgeStatus; label: string; className?: string }) {
  return (
    <Badge data-status={status} className={className}>
      {label}
    </Badge>
  );
}

const Badge = styled.span`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 13px;
  font-weight: 700;
  letter-spacing: 0.02em;
  white-space: nowrap;
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
