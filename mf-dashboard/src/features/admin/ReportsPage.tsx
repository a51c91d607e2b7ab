import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { REPORT_REASON_LABELS, SITE_PATHS, carDetailPath, type ConversationReport, type Report } from '@usedcars/shared-contract';
import { theme } from '@usedcars/shared-ui';
import { AdminOnly } from '../../components/RoleOnly';
import { SmallButton } from '../../components/SmallButton';
import { DataTable, type Column } from '../../components/DataTable';
import { ReasonDialog, type ReasonRequest } from './ReasonDialog';
import { formatWhen } from './formatWhen';
import { useConversationReports, useReports } from './useModeration';

function hideOrRestore(report: Report): ReasonRequest {
  const hide = !report.hidden;
  return {
    act: { kind: 'listing', id: report.carId, hide },
    title: hide ? `Hide ${report.carName}` : `Restore ${report.carName}`,
    confirm: hide ? 'Hide listing' : 'Restore listing',
    toldTo: 'The seller and every buyer who booked it are told this reason.',
    done: hide ? `${report.carName} is hidden` : `${report.carName} is shown again`,
  };
}

/** The reason column of both queues: the reason chosen, then the reporter's own words. */
function reasonColumn<Row extends Pick<Report, 'reason' | 'text'>>(): Column<Row> {
  return {
    header: 'Reason',
    cell: (report) => (
      <>
        <strong>{REPORT_REASON_LABELS[report.reason]}</strong>
        {report.text && <Words dir="auto">{report.text}</Words>}
      </>
    ),
    text: true,
    card: 'row',
  };
}

/** Reports (docs/product.md, "Reports (admin)"): the queue, newest first, each with its car and what to do. */
function Reports() {
  const reports = useReports();
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const columns: Column<Report>[] = [
    { header: 'Sl No', cell: (_, index) => index + 1, nowrap: true },
    { header: 'Car', cell: (report) => <Link to={carDetailPath(report.categoryName, report.carId)}>{report.carName}</Link>, text: true, card: 'title' },
    reasonColumn(),
    { header: 'Reported by', cell: (report) => report.reporterName ?? 'A deleted account', text: true },
    { header: 'When', cell: (report) => formatWhen(report.createdAt), nowrap: true },
    { header: 'Listing', cell: (report) => (report.hidden ? 'Hidden' : 'Shown'), nowrap: true },
    {
      header: 'Action',
      cell: (report) => (
        <SmallButton type="button" onClick={() => setAsking(hideOrRestore(report))} aria-label={`${report.hidden ? 'Restore' : 'Hide'} ${report.carName}`}>
          {report.hidden ? 'Restore' : 'Hide'}
        </SmallButton>
      ),
      nowrap: true,
    },
  ];
  return (
    <>
      <h1>Reports</h1>
      <DataTable caption="Reported listings" columns={columns} query={reports} empty={<p>Nobody has reported a listing.</p>} />
      {asking && <ReasonDialog request={asking} onClose={() => setAsking(null)} />}
      <ConversationReports />
    </>
  );
}

const conversationColumns: Column<ConversationReport>[] = [
  { header: 'Sl No', cell: (_, index) => index + 1, nowrap: true },
  { header: 'About', cell: (report) => report.carName, text: true, card: 'title' },
  reasonColumn(),
  { header: 'Reported by', cell: (report) => report.reporterName, text: true },
  { header: 'When', cell: (report) => formatWhen(report.createdAt), nowrap: true },
  { header: 'Messages', cell: (report) => report.messages.length, align: 'end', nowrap: true },
  {
    header: 'Conversation',
    cell: (report) => (
      <Link to={SITE_PATHS.conversation(report.conversationId)} aria-label={`Read the conversation about ${report.carName}`}>
        Read
      </Link>
    ),
    nowrap: true,
  },
];

/** Reported conversations: the admin reads them in Messages, and suspends a person from All users. */
function ConversationReports() {
  const reports = useConversationReports();
  return <DataTable caption="Reported conversations" columns={conversationColumns} query={reports} empty={<p>Nobody has reported a conversation.</p>} />;
}

/** /dashboard/reports (admin). */
export default function ReportsPage() {
  return (
    <AdminOnly title="Reports">
      <Reports />
    </AdminOnly>
  );
}

const Words = styled.span`
  display: block;
  max-width: 320px;
  color: ${theme.color.muted};
  overflow-wrap: anywhere;
`;
