import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import toast from 'react-hot-toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Conversation, type ConversationReportInput, REPORT_REASONS, REPORT_REASON_LABELS, type ReportReason } from '@usedcars/shared-contract';
import { reportConversation, setBlocked } from '@usedcars/shared-api/messages';
import { errorText, GhostButton, theme } from '@usedcars/shared-ui';
import { Field, Select, TextArea } from '@usedcars/shared-ui/form';
import { SendRow } from '../../components/SendRow';
import { ActionForm } from './ActionForm';
import { messageKeys } from '../../lib/messageQueries';
import { FORM_UNCHECKED, loadFormSchemas } from '../../lib/loadFormSchemas';

/** Block the other person, or report the conversation to the moderators (docs/product.md, "Messages"). */
export function SafetyActions({ conversation }: { conversation: Conversation }) {
  const queryClient = useQueryClient();
  const [reporting, setReporting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: messageKeys.conversation(conversation._id) });
  const blocking = useMutation({
    mutationFn: () => setBlocked(conversation._id, !conversation.blocked),
    onSuccess: async (response) => {
      toast.success(response.message);
      await refresh();
    },
    onError: (error) => toast.error(errorText(error)),
  });

  return (
    <Area aria-label="Safety">
      <Row>
        {conversation.otherAccountDeleted ? null : (
          <GhostButton type="button" onClick={() => blocking.mutate()} disabled={blocking.isPending}>
            {conversation.blocked ? 'Unblock' : 'Block'}
          </GhostButton>
        )}
        {conversation.reported ? (
          <Note>You reported this conversation.</Note>
        ) : (
          <GhostButton type="button" aria-expanded={reporting} onClick={() => setReporting(!reporting)}>
            Report
          </GhostButton>
        )}
      </Row>
      {reporting && !conversation.reported ? (
        <ReportForm
          conversation={conversation}
          onDone={async () => {
            setReporting(false);
            await refresh();
          }}
        />
      ) : null}
    </Area>
  );
}

function ReportForm({ conversation, onDone }: { conversation: Conversation; onDone: () => Promise<void> }) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const headingId = useId();
  const sending = useMutation({
    mutationFn: (input: ConversationReportInput) => reportConversation(conversation._id, input),
    onSuccess: async (response) => {
      toast.success(response.message);
      await onDone();
    },
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadFormSchemas().catch(() => null);
    if (!schemas) return setInvalid(FORM_UNCHECKED);
    const input = schemas.conversationReportInputSchema.safeParse({ reason: reason || undefined, text: text.trim() === '' ? undefined : text });
    setInvalid(input.success ? undefined : 'Choose a reason');
    if (input.success) sending.mutate(input.data);
  };
  return (
    <ActionForm aria-labelledby={headingId} onSubmit={(event) => void submit(event)}>
      <h2 id={headingId}>Report this conversation</h2>
      <p>The moderators read it with its messages.</p>
      <Field label="Reason" error={invalid}>
        <Select value={reason} onChange={(event) => setReason(event.target.value as ReportReason | '')}>
          <option value="">Choose a reason</option>
          {REPORT_REASONS.map((value) => (
            <option key={value} value={value}>
              {REPORT_REASON_LABELS[value]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="More for the moderators (optional)">
        <TextArea value={text} rows={2} maxLength={1000} onChange={(event) => setText(event.target.value)} />
      </Field>
      <SendRow sending={sending} submit="Send report" pending="Sending…" />
    </ActionForm>
  );
}

const Area = styled.section`
  margin-top: 24px;
  padding-top: 16px;
  border-top: 1px solid ${theme.color.line};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

const Note = styled.p`
  margin: 0;
  color: ${theme.color.muted};
`;
