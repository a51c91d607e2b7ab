import { useState } from 'react';
import styled from 'styled-components';
import { timeLeftInWords, type PreviewLink } from '@usedcars/shared-contract';
import { theme } from '@usedcars/shared-ui';
import { AdminOnly } from '../../../components/RoleOnly';
import { DataTable, type Column } from '../../../components/DataTable';
import { SmallButton } from '../../../components/SmallButton';
import { ConfirmDialog } from '../ConfirmDialog';
import { formatWhen } from '../formatWhen';
import { PreviewNumbersList } from './PreviewNumbersList';
import { usePreviewLinks, usePreviewNumbers, useWithdrawPreviewLink, type PreviewNumbers } from './usePreviews';

type Row = PreviewLink & { _id: string };

/** What a link shows: a release of its remote, or the remote from a team's dev server. */
const previewed = (link: PreviewLink) => (link.kind === 'local' ? `${link.remote} from a dev server` : `${link.remote} ${link.version}`);

function columnsFor(numbersOf: (link: PreviewLink) => PreviewNumbers | null, withdraw: (link: PreviewLink) => void, now: number): Column<Row>[] {
  return [
    { header: 'Remote', cell: (link) => link.remote, nowrap: true },
    {
      header: 'Version',
      cell: (link) =>
        link.kind === 'local' ? (
          <>
            Dev server <Address>{link.url}</Address>
            <Quiet>{link.claimedAt ? 'Kept by the browser that opened it' : 'Not opened yet'}</Quiet>
          </>
        ) : (
          <code>{link.version}</code>
        ),
    },
    {
      header: 'Made by',
      cell: (link) => (
        <>
          <span dir="auto">{link.createdBy}</span>
          <Quiet>
            <time dateTime={link.createdAt}>{formatWhen(link.createdAt)}</time>
          </Quiet>
        </>
      ),
    },
    {
      header: 'Expires',
      cell: (link) => (
        <time dateTime={link.expiresAt} title={formatWhen(link.expiresAt)}>
          {timeLeftInWords(link.expiresAt, now)}
        </time>
      ),
      nowrap: true,
    },
    { header: 'Numbers', cell: (link) => <PreviewNumbersList link={link} numbers={numbersOf(link)} />, card: 'row' },
    {
      header: 'Action',
      cell: (link) => (
        <SmallButton type="button" onClick={() => withdraw(link)} aria-label={`Withdraw the ${previewed(link)} link made by ${link.createdBy}`}>
          Withdraw
        </SmallButton>
      ),
      nowrap: true,
    },
  ];
}

/** Every remote's live preview links, newest first, each with its release's own numbers and a way to end it. */
function PreviewLinks() {
  const links = usePreviewLinks();
  const numbersOf = usePreviewNumbers(links.data);
  const [withdrawing, setWithdrawing] = useState<PreviewLink | null>(null);
  const rows = { ...links, data: links.data?.map((link) => ({ ...link, _id: link.id })) };
  return (
    <Page>
      <h1>Preview links</h1>
      <Intro>
        A preview link shows the whole site with one build of one remote to whoever opens it, until it expires or is withdrawn; nobody else gets that build.
        Teams make them for their own remote. Each row&apos;s numbers are its release&apos;s since its oldest live link was made: page views and errors its
        visitors&apos; pages reported, and the 75th percentile of their vitals.
      </Intro>
      <DataTable
        caption="Live preview links"
        columns={columnsFor(numbersOf, setWithdrawing, links.dataUpdatedAt || Date.now())}
        query={rows}
        empty={<p>No live preview links. A team makes one when it releases a build as a preview, or for any version it registered before.</p>}
      />
      {withdrawing && <WithdrawDialog link={withdrawing} onClose={() => setWithdrawing(null)} />}
    </Page>
  );
}

function WithdrawDialog({ link, onClose }: { link: PreviewLink; onClose: () => void }) {
  const withdraw = useWithdrawPreviewLink();
  return (
    <ConfirmDialog
      title={`Withdraw the link to ${previewed(link)}?`}
      confirm="Withdraw link"
      done={`The link to ${previewed(link)} is withdrawn`}
      act={{ run: (onDone) => withdraw.mutate(link.id, { onSuccess: onDone }), isPending: withdraw.isPending, error: withdraw.isError ? withdraw.error : null }}
      onClose={onClose}
    >
      <p>
        Whoever opens it, or has it open, gets the site as everyone gets it from their next page, with a notice that the preview has ended. Other links keep
        working; a team can make a new one.
      </p>
    </ConfirmDialog>
  );
}

/** /dashboard/previews (admin): the preview links teams made (docs/releases.md, "Previews"). */
export default function PreviewsPage() {
  return (
    <AdminOnly title="Preview links" refusal="Only the admin manages preview links.">
      <PreviewLinks />
    </AdminOnly>
  );
}

const Page = styled.div`
  display: grid;
  gap: 16px;
  min-width: 0;
  h1 {
    margin: 0;
  }
`;

const Intro = styled.p`
  margin: 0;
  max-width: 72ch;
  color: ${theme.color.muted};
`;

const Quiet = styled.span`
  display: block;
  font-size: 14px;
  color: ${theme.color.muted};
`;

const Address = styled.code`
  display: block;
  overflow-wrap: anywhere;
`;
