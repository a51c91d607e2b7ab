import { useRef, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import styled from 'styled-components';
import { errorText } from '@usedcars/shared-auth';
import { Button, GhostButton } from '@usedcars/shared-ui';
import { Dialog } from '@usedcars/shared-ui/dialog';
import { FormRefusal } from '@usedcars/shared-ui/form';

export interface ConfirmAct {
  run: (onDone: () => void) => void;
  isPending: boolean;
  error: unknown;
}

/**
 * Asks before an act that changes what visitors get or locks a team out: Cancel has the focus
 * first so Enter does no harm, and a refusal stays in the dialog with the API's words.
 */
export function ConfirmDialog({
  title,
  children,
  confirm,
  done,
  act,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirm: string;
  done: string;
  act: ConfirmAct;
  onClose: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  const close = () => {
    if (!act.isPending) onClose();
  };
  const run = () =>
    act.run(() => {
      toast.success(done);
      onClose();
    });
  return (
    <Dialog title={title} onClose={close} initialFocus={cancel}>
      {children}
      <div role="alert">{act.error ? <FormRefusal>{errorText(act.error)}</FormRefusal> : null}</div>
      <Footer aria-busy={act.isPending}>
        <GhostButton ref={cancel} type="button" onClick={close} disabled={act.isPending}>
          Cancel
        </GhostButton>
        <Button type="button" onClick={run} disabled={act.isPending}>
          {act.isPending ? 'Saving…' : confirm}
        </Button>
      </Footer>
    </Dialog>
  );
}

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 12px;
`;
