import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import styled from 'styled-components';
import { errorText } from '@usedcars/shared-auth';
import { moderationReasonSchema } from '@usedcars/shared-contract';
import { Dialog } from '@usedcars/shared-ui/dialog';
import { Field, FormActions, FormRefusal, TextArea } from '@usedcars/shared-ui/form';
import { useModerationAct, type ModerationTarget } from './useModeration';

export interface ReasonRequest {
  act: ModerationTarget;
  title: string;
  confirm: string;
  /** Who reads the reason, said under the field. */
  toldTo: string;
  done: string;
}

/** Every moderation act asks why (the API's moderationReasonSchema); the people concerned are told it. */
export function ReasonDialog({ request, onClose }: { request: ReasonRequest; onClose: () => void }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const acting = useModerationAct();
  const close = () => {
    if (!acting.isPending) onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = moderationReasonSchema.safeParse({ reason });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message.replace(/^reason/, 'Reason'));
      field.current?.focus();
      return;
    }
    setError(undefined);
    acting.mutate(
      { ...request.act, reason: checked.data.reason },
      {
        onSuccess: () => {
          toast.success(request.done);
          onClose();
        },
      },
    );
  };
  return (
    <Dialog title={request.title} onClose={close} initialFocus={field}>
      <Form noValidate onSubmit={submit} aria-busy={acting.isPending}>
        <Field label="Reason" hint={request.toldTo} error={error}>
          <TextArea ref={field} name="reason" dir="auto" rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
        </Field>
        <div role="alert">{acting.isError && <FormRefusal>{errorText(acting.error)}</FormRefusal>}</div>
        <FormActions pending={acting.isPending} onCancel={close} submit={request.confirm} />
      </Form>
    </Dialog>
  );
}

const Form = styled.form`
  display: grid;
  gap: 16px;
`;
