import styled from 'styled-components';
import type { CarStatus } from '@usedcars/shared-contract';
import { theme } from '@usedcars/shared-ui';

/** Only a car someone holds is marked; an available car needs no badge. */
const LABELS: Record<CarStatus, string | null> = { available: null, booked: 'Booked', sold: 'Sold' };

const Badge = styled.span<{ $status: CarStatus }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 13px;
  font-weight: 700;
  letter-spacing: 0.02em;
  color: #fff;
  background: ${({ $status }) => ($status === 'sold' ? theme.color.ink : theme.color.focus)};
`;

export function StatusBadge({ status, className }: { status: CarStatus; className?: string }) {
  const label = LABELS[status];
  if (!label) return null;
  return (
    <Badge $status={status} className={className} data-status={status}>
      {label}
    </Badge>
  );
}
