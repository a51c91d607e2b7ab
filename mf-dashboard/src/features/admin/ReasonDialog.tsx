import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import styled from 'styled-components';
import { Dialog } from '@usedcars/shared-ui/dialog';
import { Field, FormActions, FormRefusal, TextArea } from '@usedcars/shared-ui/form';
import { FORM_UNCHECKED, loadFormSchemas, preloadFormSchemas } from '../../lib/loadFormSchemas';
import { useModerationAct, type ModerationTarget } from './useModeration';
import { errorText } from '@usedcars/shared-ui';

export interface ReasonRequest {
  act: ModerationTarget;
  title: string;
  confirm: string;
  /** Who reads the reason, said under the field. */
  toldTo: string;
  done: string;
}

/** What asking why needs of the act: run it with the reason, and its pending and refused states. */
export interface ReasonAct {
  run: (reason: string, onDone: () => void) => void;
  isPending: boolean;
  error: unknown;
}

/** Every moderation act asks why (the API's moderationReasonSchema); the people concerned are told it. */
export function ReasonDialog({ request, onClose }: { request: ReasonRequest; onClose: () => void }) {
  const acting = useModerationAct();
  const act: ReasonAct = {
    run: (reason, onDone) => acting.mutate({ ...request.act, reason }, { onSuccess: onDone }),
    isPending: acting.isPending,
    error: acting.isError ? acting.error : null,
  };
  return <AskWhyDialog text={request} act={act} onClose={onClose} />;
}

/** The dialog any act that needs a reason shows (moderation, a release's rollback): the reason is checked as the API checks it. */
export function AskWhyDialog({ text, act, onClose }: { text: Omit<ReasonRequest, 'act'>; act: ReasonAct; onClose: () => void }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    if (!act.isPending) onClose();
  };
  useEffect(preloadFormSchemas, []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadFormSchemas().catch(() => null);
    if (!schemas) {
      setError(FORM_UNCHECKED);
      return;
    }
    const checked = schemas.moderationReasonSchema.safeParse({ reason });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message.replace(/^reason/, 'Reason'));
      field.current?.focus();
      return;
    }
    setError(undefined);
    act.run(checked.data.reason, () => {
      toast.success(text.done);
      onClose();
    });
  };
  return (
    <Dialog title={text.title} onClose={close} initialFocus={field}>
      <Form noValidate onSubmit={(event) => void submit(event)} aria-busy={act.isPending}>
        <Field label="Reason" hint={text.toldTo} error={error}>
          <TextArea ref={field} name="reason" dir="auto" rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
        </Field>
        <div role="alert">{act.error ? <FormRefusal>{errorText(act.error)}</FormRefusal> : null}</div>
        <FormActions pending={act.isPending} onCancel={close} submit={text.confirm} />
      </Form>
    </Dialog>
  );
}

const Form = styled.form`
  display: grid;
  gap: 16px;
`;
