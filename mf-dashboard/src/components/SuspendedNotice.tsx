import styled from 'styled-components';
import { theme } from '@usedcars/shared-ui';
import { useAccountRecord } from '../hooks/useAccountName';

/** A suspended seller is told why on every dashboard screen (their account record's suspendedReason). */
export function SuspendedNotice() {
  const reason = useAccountRecord((record) => record.suspendedReason).data;
  if (reason === undefined) return null;
  return (
    <Notice role="alert">
      <strong>Your seller account is suspended.</strong> <span dir="auto">{reason}</span> Your listings are hidden, and you cannot add or change cars until the
      admin reinstates you.
    </Notice>
  );
}

const Notice = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  padding: 12px 16px;
  border: 1px solid ${theme.color.danger};
  border-radius: ${theme.radius};
  color: ${theme.color.danger};
  background: ${theme.color.surface};
  overflow-wrap: anywhere;
`;
