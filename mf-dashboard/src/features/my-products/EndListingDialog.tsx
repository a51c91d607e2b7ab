import { useRef } from 'react';
import toast from 'react-hot-toast';
import styled from 'styled-components';
import type { Car, ListingEnding } from '@usedcars/shared-contract';
import { Button, errorText, GhostButton, theme } from '@usedcars/shared-ui';
import { Dialog } from '@usedcars/shared-ui/dialog';
import { useListingUpdate } from './useListingUpdate';

const ENDING_TEXTS: Record<ListingEnding, { title: (car: string) => string; confirm: string; done: (car: string) => string; effect: string }> = {
  soldElsewhere: {
    title: (car) => `Mark ${car} sold elsewhere?`,
    confirm: 'Mark sold elsewhere',
    done: (car) => `${car} marked sold elsewhere`,
    effect: 'It leaves every list, and its page says it was sold elsewhere.',
  },
  withdrawn: {
    title: (car) => `Withdraw ${car}?`,
    confirm: 'Withdraw',
    done: (car) => `${car} withdrawn`,
    effect: 'It leaves every list, and its page says you withdrew it.',
  },
};

/**
 * Asks before a listing ends (it cannot be undone): the dialog keeps the focus, Escape and
 * Cancel close it, and Cancel has the focus first so Enter does no harm.
 */
export function EndListingDialog({ car, ending, onClose }: { car: Car; ending: ListingEnding; onClose: () => void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  const saving = useListingUpdate(car);
  const text = ENDING_TEXTS[ending];
  const close = () => {
    if (!saving.isPending) onClose();
  };
  const confirm = () =>
    saving.mutate(
      { status: ending },
      {
        onSuccess: () => {
          toast.success(text.done(car.carName));
          onClose();
        },
      },
    );
  return (
    <Dialog title={text.title(car.carName)} onClose={close} initialFocus={cancel}>
      <p>{text.effect}</p>
      <p>
        {car.status === 'booked' ? 'Its bookings are cancelled and each booked buyer is told. ' : ''}
        This can&apos;t be undone.
      </p>
      <div role="alert">{saving.isError && <Refusal>The listing did not end: {errorText(saving.error)}</Refusal>}</div>
      <Footer>
        <GhostButton ref={cancel} type="button" onClick={close} disabled={saving.isPending}>
          Cancel
        </GhostButton>
        <Danger type="button" onClick={confirm} disabled={saving.isPending}>
          {saving.isPending ? 'Saving…' : text.confirm}
        </Danger>
      </Footer>
    </Dialog>
  );
}

const Refusal = styled.p`
  color: ${theme.color.danger};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 12px;
`;

const Danger = styled(Button)`
  background: ${theme.color.danger};
  border-color: ${theme.color.danger};
`;
