import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Conversation, MESSAGE_TEXT_MAX } from '@usedcars/shared-contract';
import { sendMessage } from '@usedcars/shared-api/messages';
import { theme } from '@usedcars/shared-ui';
import { Field, TextArea } from '@usedcars/shared-ui/form';
import { SendRow } from '../../components/SendRow';
import { addToThread, messageKeys } from '../../lib/messageQueries';
import { FORM_UNCHECKED, loadFormSchemas } from '../../lib/loadFormSchemas';

/** The reply box under a thread; a blocked conversation, or one whose other person is gone, says why nothing can be sent. */
export function ReplyBox({ conversation }: { conversation: Conversation }) {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const refusalId = useId();
  const queryClient = useQueryClient();
  const sending = useMutation({
    mutationFn: (message: string) => sendMessage(conversation._id, message),
    onSuccess: (message) => {
      addToThread(queryClient, message);
      setText('');
      void queryClient.invalidateQueries({ queryKey: messageKeys.list });
    },
  });

  if (conversation.otherAccountDeleted) {
    return <Blocked>No messages can be sent here: the other person's account was deleted.</Blocked>;
  }
  if (conversation.blocked) {
    return <Blocked>No messages can be sent here: one of you blocked the other.</Blocked>;
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadFormSchemas().catch(() => null);
    if (!schemas) return setInvalid(FORM_UNCHECKED);
    const input = schemas.messageInputSchema.safeParse({ text });
    setInvalid(input.success ? undefined : input.error.issues[0]?.message);
    if (input.success) sending.mutate(input.data.text);
  };

  return (
    <Form onSubmit={(event) => void submit(event)} aria-describedby={sending.isError ? refusalId : undefined}>
      <Field label="Your message" error={invalid} hint={`Up to ${MESSAGE_TEXT_MAX} characters. Do not share card details here.`}>
        <TextArea value={text} rows={3} maxLength={MESSAGE_TEXT_MAX} onChange={(event) => setText(event.target.value)} />
      </Field>
      <SendRow sending={sending} submit="Send" pending="Sending…" refusalId={refusalId} />
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: 8px;
  justify-items: start;
  > div:first-child {
    justify-self: stretch;
  }
`;

const Blocked = styled.p`
  padding: 12px;
  border-radius: ${theme.radius};
  background: ${theme.color.canvas};
`;
