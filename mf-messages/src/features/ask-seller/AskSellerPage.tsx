import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@usedcars/shared-auth';
import { type ConversationStart, MESSAGE_TEXT_MAX, SITE_PATHS } from '@usedcars/shared-contract';
import { startConversation } from '@usedcars/shared-api/messages';
import { ErrorPanel, errorText, Spinner, theme, usePageTitle } from '@usedcars/shared-ui';
import { Field, TextArea } from '@usedcars/shared-ui/form';
import { Screen } from '../../components/Screen';
import { SendRow } from '../../components/SendRow';
import { messageKeys, useConversations } from '../../lib/messageQueries';
import { FORM_UNCHECKED, loadFormSchemas } from '../../lib/loadFormSchemas';

/** What the car's page hands over with "Ask the seller": the name to show (the API knows the car by its id). */
interface AskSellerState {
  carName?: string;
}

/**
 * /messages/new/:carId (docs/product.md, "Messages"): a buyer's first question about a car; a
 * buyer who already asked about it goes on in that conversation.
 */
export default function AskSellerPage() {
  usePageTitle('Ask the seller');
  const role = useAuth((state) => state.role);
  const titleId = useId();
  const { carId = '' } = useParams();
  const carName = (useLocation().state as AskSellerState | null)?.carName;
  const conversations = useConversations();
  const existing = conversations.data?.items.find((conversation) => conversation.carId === carId && conversation.side === 'buyer');

  if (existing) return <Navigate replace to={SITE_PATHS.conversation(existing._id)} />;
  return (
    <Page aria-labelledby={titleId}>
      <h1 id={titleId}>Ask the seller</h1>
      {role && role !== 'Buyer' ? (
        <p>
          Only buyer accounts ask sellers about their cars. Sellers reply in <Link to={SITE_PATHS.messages}>Messages</Link>.
        </p>
      ) : conversations.data ? (
        <AskForm carId={carId} carName={carName} />
      ) : conversations.isError ? (
        <ErrorPanel title="We could not load your messages." message={errorText(conversations.error)} onRetry={() => void conversations.refetch()} />
      ) : (
        <Spinner label="Loading…" />
      )}
    </Page>
  );
}

function AskForm({ carId, carName }: { carId: string; carName?: string }) {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sending = useMutation({
    mutationFn: (input: ConversationStart) => startConversation(input),
    onSuccess: async (started) => {
      await queryClient.invalidateQueries({ queryKey: messageKeys.all });
      await navigate(SITE_PATHS.conversation(started._id), { replace: true });
    },
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadFormSchemas().catch(() => null);
    if (!schemas) return setInvalid(FORM_UNCHECKED);
    const input = schemas.conversationStartSchema.safeParse({ carId, text });
    setInvalid(input.success ? undefined : input.error.issues[0]?.message);
    if (input.success) sending.mutate(input.data);
  };
  return (
    <Form onSubmit={(event) => void submit(event)}>
      <p>
        Your question about <strong dir="auto">{carName ?? 'this car'}</strong> goes to its seller, who replies in Messages. They see your name, not your e-mail
        address.
      </p>
      <Field label="Your question" error={invalid} hint={`Up to ${MESSAGE_TEXT_MAX} characters.`}>
        <TextArea value={text} rows={4} maxLength={MESSAGE_TEXT_MAX} onChange={(event) => setText(event.target.value)} />
      </Field>
      <SendRow sending={sending} submit="Send" pending="Sending…" />
    </Form>
  );
}

const Page = styled(Screen)`
  max-width: 640px;
  p {
    color: ${theme.color.muted};
  }
`;

const Form = styled.form`
  display: grid;
  gap: 8px;
  button {
    justify-self: start;
  }
`;
