import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useAuth } from '@usedcars/shared-auth';
import type { Car } from '@usedcars/shared-contract';
import { GhostButton, theme } from '@usedcars/shared-ui';
import { REPORT_TEXTS, ReportDialog, type ReportOutcome } from './ReportDialog';

/**
 * "Report" on a car's page: for anyone signed in but the car's seller (a seller's cars carry the
 * account's name, which is the display name they registered with). The area keeps its height
 * whether the button shows or not, so nothing moves once the session is known.
 */
export function ReportListing({ car }: { car: Car }) {
  const mayReport = useAuth((state) => state.status === 'signedIn' && !(state.role === 'Seller' && state.user?.displayName === car.sellerName));
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<ReportOutcome | null>(null);
  const note = useRef<HTMLParagraphElement>(null);
  // The button that opened the dialog is gone once reported: the note in its place takes the focus back.
  useEffect(() => {
    if (!open && outcome) note.current?.focus();
  }, [open, outcome]);
  return (
    <Area>
      {mayReport &&
        (outcome ? (
          <Note ref={note} tabIndex={-1}>
            {outcome === 'sent' ? 'You reported this car.' : REPORT_TEXTS.already}
          </Note>
        ) : (
          <ReportButton type="button" onClick={() => setOpen(true)}>
            Report this listing
          </ReportButton>
        ))}
      {open && <ReportDialog car={car} onClose={() => setOpen(false)} onReported={setOutcome} />}
    </Area>
  );
}

const Area = styled.div`
  display: flex;
  align-items: center;
  min-height: 44px;
  margin-top: 16px;
`;

const ReportButton = styled(GhostButton)`
  min-height: 44px;
  font-size: 15px;
`;

const Note = styled.p`
  margin: 0;
  color: ${theme.color.muted};
`;
