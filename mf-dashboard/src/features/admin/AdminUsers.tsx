import { useState } from 'react';
import toast from 'react-hot-toast';
import styled from 'styled-components';
import type { User } from '@usedcars/shared-contract';
import { errorText, GhostButton, Spinner, theme, usePageTitle } from '@usedcars/shared-ui';
import { SmallButton } from '../../components/SmallButton';
import { DataTable, type Column } from '../../components/DataTable';
import { ReasonDialog, type ReasonRequest } from './ReasonDialog';
import { useAccounts, useDeleteAccount, type AccountRole } from './useAccounts';

/** The confirm prompts, word for word (docs/product.md, "All users"); the seller's reads oddly, but it is the product's text. */
const DELETE_PROMPTS: Record<AccountRole, string> = {
  Buyer: 'Are you sure, you want to delete this account?',
  Seller: 'Are you sure, you want to cancel this order',
};

/**
 * The admin view (docs/product.md, "The screens"): Buyers and Sellers, each with Delete. The two
 * lists arrive together: the Sellers table sits below the Buyers one, and one arriving after the
 * other would push it down under the admin's eyes.
 */
export function AdminUsers() {
  usePageTitle('Dashboard - All users');
  const buyers = useAccounts('Buyer');
  const sellers = useAccounts('Seller');
  return (
    <>
      <h1>All users</h1>
      {buyers.isPending || sellers.isPending ? (
        <Spinner label="Loading the accounts…" />
      ) : (
        <>
          <Section>
            <AccountsTable role="Buyer" caption="Buyers" accounts={buyers} />
          </Section>
          <Section>
            <AccountsTable role="Seller" caption="Sellers" accounts={sellers} />
          </Section>
        </>
      )}
    </>
  );
}

function suspendOrReinstate(account: User): ReasonRequest {
  const suspend = account.suspendedReason === undefined;
  return {
    act: { kind: 'seller', id: account._id, suspend },
    title: suspend ? `Suspend ${account.name}` : `Reinstate ${account.name}`,
    confirm: suspend ? 'Suspend seller' : 'Reinstate seller',
    toldTo: suspend
      ? 'Their listings are hidden and they cannot list or change cars; their dashboard shows this reason.'
      : 'The listings hidden with the suspension come back; the seller is told this reason.',
    done: suspend ? `${account.name} is suspended` : `${account.name} is reinstated`,
  };
}

/** A seller's standing, with the act that changes it (docs/product.md, "All users"). */
function Suspension({ account, onAsk }: { account: User; onAsk: (request: ReasonRequest) => void }) {
  const suspended = account.suspendedReason !== undefined;
  return (
    <Standing>
      {suspended && <span dir="auto">Suspended: {account.suspendedReason}</span>}
      <SmallButton type="button" aria-label={`${suspended ? 'Reinstate' : 'Suspend'} ${account.name}`} onClick={() => onAsk(suspendOrReinstate(account))}>
        {suspended ? 'Reinstate' : 'Suspend'}
      </SmallButton>
    </Standing>
  );
}

function AccountsTable({ role, caption, accounts }: { role: AccountRole; caption: string; accounts: ReturnType<typeof useAccounts> }) {
  const deletion = useDeleteAccount(role);
  const [asking, setAsking] = useState<ReasonRequest | null>(null);

  const remove = (account: User) => {
    if (!window.confirm(DELETE_PROMPTS[role])) return;
    deletion.mutate(account, {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount > 0) toast.success('deleted successfully');
        else toast.error(`${account.name}'s account was not deleted; it may already be gone.`);
      },
      onError: (error) => toast.error(errorText(error)),
    });
  };

  const columns: Column<User>[] = [
    { header: 'Sl No', cell: (_, index) => index + 1, nowrap: true },
    { header: 'Name', cell: (account) => account.name, text: true, card: 'title' },
    { header: 'Email', cell: (account) => account.email, card: 'row' },
    { header: 'Role', cell: (account) => account.role },
    ...(role === 'Seller' ? [{ header: 'Suspension', cell: (account: User) => <Suspension account={account} onAsk={setAsking} /> }] : []),
    {
      header: 'Delete',
      cell: (account) => {
        const deleteText = deletion.isPending && deletion.variables?._id === account._id ? 'Deleting…' : 'Delete';
        return (
          <DeleteButton type="button" aria-label={`${deleteText} ${account.name}`} disabled={deleteText !== 'Delete'} onClick={() => remove(account)}>
            {deleteText}
          </DeleteButton>
        );
      },
    },
  ];

  return (
    <>
      <DataTable caption={caption} columns={columns} query={accounts} empty={<p>No {caption.toLowerCase()} yet.</p>} />
      {asking && <ReasonDialog request={asking} onClose={() => setAsking(null)} />}
    </>
  );
}

const Section = styled.section`
  & + & {
    margin-top: 32px;
  }
`;

const Standing = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  max-width: 320px;
  span {
    color: ${theme.color.danger};
    overflow-wrap: anywhere;
  }
`;

const DeleteButton = styled(GhostButton)`
  min-height: 36px;
  padding: 0 14px;
  font-size: 14px;
  color: ${theme.color.danger};
  border-color: ${theme.color.danger};
`;
