import { useRef, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Dialog } from '@usedcars/shared-ui/dialog';
import { FormActions, FormRefusal } from '@usedcars/shared-ui/form';
import { errorText } from '@usedcars/shared-ui';

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
  const run = (event: FormEvent) => {
    event.preventDefault();
    act.run(() => {
      toast.success(done);
      onClose();
    });
  };
  return (
    <Dialog title={title} onClose={close} initialFocus={cancel}>
      {children}
      <form onSubmit={run} aria-busy={act.isPending}>
        <div role="alert">{act.error ? <FormRefusal>{errorText(act.error)}</FormRefusal> : null}</div>
        <FormActions pending={act.isPending} onCancel={close} submit={confirm} cancelRef={cancel} />
      </form>
    </Dialog>
  );
}
