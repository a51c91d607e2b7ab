import { useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import styled from 'styled-components';
import { SuccessPanel } from './SuccessPanel';
import type { CreatedDeployToken, DeployToken } from '@usedcars/shared-contract';
import { REMOTE_NAMES } from '@usedcars/shared-contract/topology';
import { Button, errorText } from '@usedcars/shared-ui';
import { Field, Input, Select } from '@usedcars/shared-ui/form';
import { SmallButton } from '../../../components/SmallButton';
import { DataTable, type Column } from '../../../components/DataTable';
import { ConfirmDialog } from '../ConfirmDialog';
import { formatWhen } from '../formatWhen';
import { FORM_UNCHECKED, loadFormSchemas, preloadFormSchemas } from '../../../lib/loadFormSchemas';
import { useCreateToken, useDeployTokens, useRevokeToken } from './useReleases';

type Row = DeployToken & { _id: string };

/** Deploy tokens (docs/releases.md, "Deploy tokens"): one per remote and team, shown once, revoked at once. */
export function DeployTokens() {
  const headingId = useId();
  const tokens = useDeployTokens();
  const [revoking, setRevoking] = useState<DeployToken | null>(null);
  const rows = { ...tokens, data: tokens.data?.map((token) => ({ ...token, _id: token.id })) };
  const columns: Column<Row>[] = [
    { header: 'Name', cell: (token) => token.name, text: true },
    { header: 'Remote', cell: (token) => token.remote, nowrap: true },
    { header: 'Created by', cell: (token) => token.createdBy, text: true },
    { header: 'Created', cell: (token) => <time dateTime={token.createdAt}>{formatWhen(token.createdAt)}</time>, nowrap: true },
    { header: 'State', cell: (token) => (token.revokedAt ? `Revoked ${formatWhen(token.revokedAt)}` : 'Active'), nowrap: true },
    {
      header: 'Action',
      cell: (token) =>
        token.revokedAt ? null : (
          <SmallButton type="button" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
            Revoke
          </SmallButton>
        ),
      nowrap: true,
    },
  ];
  return (
    <Section aria-labelledby={headingId}>
      <h2 id={headingId}>Deploy tokens</h2>
      <CreateToken />
      {/* Not named as the section is: two landmarks of one name cannot be told apart. */}
      <DataTable caption="Tokens issued" columns={columns} query={rows} empty={<p>No deploy token yet.</p>} />
      {revoking && <RevokeDialog token={revoking} onClose={() => setRevoking(null)} />}
    </Section>
  );
}

function CreateToken() {
  const nameField = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [remote, setRemote] = useState(REMOTE_NAMES[0] ?? '');
  const [error, setError] = useState<string | undefined>();
  const [created, setCreated] = useState<CreatedDeployToken | null>(null);
  const create = useCreateToken();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadFormSchemas().catch(() => null);
    if (!schemas) {
      setError(FORM_UNCHECKED);
      return;
    }
    const checked = schemas.deployTokenInputSchema.safeParse({ name, remote });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message.replace(/^name/, 'Name'));
      nameField.current?.focus();
      return;
    }
    setError(undefined);
    create.mutate(checked.data, {
      onSuccess: (token) => {
        setCreated(token);
        setName('');
        toast.success(`Deploy token ${token.name} created`);
      },
      onError: (refusal) => toast.error(`The token was not created: ${errorText(refusal)}`),
    });
  };
  const copy = (token: string) =>
    navigator.clipboard.writeText(token).then(
      () => toast.success('Token copied'),
      () => toast.error('The browser did not allow copying: select the token and copy it'),
    );
  return (
    <>
      <Form noValidate onSubmit={(event) => void submit(event)} onFocus={preloadFormSchemas} aria-busy={create.isPending}>
        <Field label="Token name" hint="The team that uses it, e.g. Catalog team" error={error}>
          <Input ref={nameField} name="name" maxLength={80} value={name} onChange={(event) => setName(event.target.value)} />
        </Field>
        <Field label="Releases remote">
          <Select name="remote" value={remote} onChange={(event) => setRemote(event.target.value)}>
            {REMOTE_NAMES.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </Select>
        </Field>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create token'}
        </Button>
      </Form>
      {created && (
        <Created role="status">
          <p>
            The token for <strong>{created.name}</strong> ({created.remote}). Copy it now: it is not shown again.
          </p>
          <TokenText aria-label={`Deploy token ${created.name}`}>{created.token}</TokenText>
          <SmallButton type="button" onClick={() => void copy(created.token)}>
            Copy token
          </SmallButton>
        </Created>
      )}
    </>
  );
}

function RevokeDialog({ token, onClose }: { token: DeployToken; onClose: () => void }) {
  const revoke = useRevokeToken();
  return (
    <ConfirmDialog
      title={`Revoke ${token.name}?`}
      confirm="Revoke token"
      done={`${token.name} is revoked`}
      act={{ run: (onDone) => revoke.mutate(token.id, { onSuccess: onDone }), isPending: revoke.isPending, error: revoke.isError ? revoke.error : null }}
      onClose={onClose}
    >
      <p>The {token.remote} team can no longer release with it, from now on. This can&apos;t be undone.</p>
    </ConfirmDialog>
  );
}

const Section = styled.section`
  display: grid;
  gap: 16px;
  min-width: 0;
  h2 {
    margin: 0;
  }
`;

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  > * {
    min-width: 0;
  }
`;

const Created = styled(SuccessPanel)`
  display: grid;
  gap: 8px;
  justify-items: start;
`;

const TokenText = styled.code`
  display: block;
  max-width: 100%;
  overflow-wrap: anywhere;
  font-size: 14px;
`;
