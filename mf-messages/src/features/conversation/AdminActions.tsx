import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import toast from 'react-hot-toast';
import { useMutation } from '@tanstack/react-query';
import type { Conversation } from '@usedcars/shared-contract';
import { setAccountSuspended } from '@usedcars/shared-api/moderation';
import { GhostButton, theme } from '@usedcars/shared-ui';
import { Field, Input } from '@usedcars/shared-ui/form';
import { SendRow } from '../../components/SendRow';
import { ActionForm } from './ActionForm';

interface Person {
  id: string;
  name: string;
}

/** An admin reading a reported conversation suspends either person, with the reason they are told (docs/product.md, "Moderation"). */
export function AdminActions({ conversation }: { conversation: Conversation }) {
  const [person, setPerson] = useState<Person | null>(null);
  const people: Person[] = [
    { id: conversation.people?.buyerId ?? '', name: conversation.buyerName },
    { id: conversation.people?.sellerId ?? '', name: conversation.sellerName },
  ].filter((candidate) => candidate.id !== '');
  return (
    <Area aria-label="Moderation">
      <p>You are reading a reported conversation as the admin.</p>
      <Row>
        {people.map((candidate) => (
          <GhostButton key={candidate.id} type="button" aria-expanded={person?.id === candidate.id} onClick={() => setPerson(candidate)}>
            Suspend {candidate.name}
          </GhostButton>
        ))}
      </Row>
      {person ? <SuspendForm key={person.id} person={person} onDone={() => setPerson(null)} /> : null}
    </Area>
  );
}

function SuspendForm({ person, onDone }: { person: Person; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const headingId = useId();
  const suspending = useMutation({
    mutationFn: () => setAccountSuspended(person.id, true, reason.trim()),
    onSuccess: (response) => {
      toast.success(response.message);
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() !== '') suspending.mutate();
  };
  return (
    <ActionForm aria-labelledby={headingId} onSubmit={submit}>
      <h2 id={headingId}>Suspend {person.name}</h2>
      <Field label="Reason (they are told it)">
        <Input value={reason} maxLength={500} required onChange={(event) => setReason(event.target.value)} />
      </Field>
      <SendRow sending={suspending} submit="Suspend" pending="Suspending…" />
    </ActionForm>
  );
}

const Area = styled.section`
  margin-top: 24px;
  p {
    color: ${theme.color.muted};
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;
