import toast from 'react-hot-toast';
import styled from 'styled-components';
import { errorText } from '@usedcars/shared-auth';
import type { User } from '@usedcars/shared-contract';
import { GhostButton, Spinner, theme, usePageTitle } from '@usedcars/shared-ui';
import { DataTable, type Column } from '../table/DataTable';
import { useAccounts, useDeleteAccount, type AccountRole } from './useAccounts';

/** The confirm prompts, word for word (docs/product.md, "All users"); the seller's reads oddly, but it is the product's text. */
export const DELETE_PROMPTS: Record<AccountRole, string> = {
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

function AccountsTable({ role, caption, accounts }: { role: AccountRole; caption: string; accounts: ReturnType<typeof useAccounts> }) {
  const deletion = useDeleteAccount(role);

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
    { header: 'Name', cell: (account) => account.name, text: true },
    { header: 'Email', cell: (account) => account.email },
    { header: 'Role', cell: (account) => account.role },
    {
      header: 'Delete',
      cell: (account) => {
        const deleting = deletion.isPending && deletion.variables?._id === account._id;
        return (
          <DeleteButton type="button" aria-label={`Delete ${account.name}`} disabled={deleting} onClick={() => remove(account)}>
            {deleting ? 'Deleting…' : 'Delete'}
          </DeleteButton>
        );
      },
    },
  ];

  return <DataTable caption={caption} columns={columns} query={accounts} empty={<p>No {caption.toLowerCase()} yet.</p>} />;
}

const Section = styled.section`
  & + & {
    margin-top: 32px;
  }
`;

const DeleteButton = styled(GhostButton)`
  min-height: 36px;
  padding: 0 14px;
  font-size: 14px;
  color: ${theme.color.danger};
  border-color: ${theme.color.danger};
`;
