import type { AuditEntry } from '@usedcars/shared-contract';
import { AdminOnly } from '../../components/RoleOnly';
import { DataTable, type Column } from '../../components/DataTable';
import { formatWhen } from './formatWhen';
import { useAuditLog } from './useModeration';

const AUDIT_ACTION_LABELS: Record<AuditEntry['action'], string> = {
  hideCar: 'Hid listing',
  restoreCar: 'Restored listing',
  suspendSeller: 'Suspended seller',
  reinstateSeller: 'Reinstated seller',
  suspendBuyer: 'Suspended buyer',
  reinstateBuyer: 'Reinstated buyer',
};

const columns: Column<AuditEntry>[] = [
  { header: 'Sl No', cell: (_, index) => index + 1, nowrap: true },
  { header: 'When', cell: (entry) => <time dateTime={entry.at}>{formatWhen(entry.at)}</time>, nowrap: true },
  { header: 'Who', cell: (entry) => entry.actorName, text: true },
  { header: 'What', cell: (entry) => AUDIT_ACTION_LABELS[entry.action], nowrap: true, card: 'title' },
  { header: 'Of', cell: (entry) => entry.targetName, text: true },
  { header: 'Why', cell: (entry) => entry.reason, text: true, card: 'row' },
];

/** /dashboard/auditLog (admin): every hide, restore, suspend and reinstate, newest first, 20 a page. */
export default function AuditLogPage() {
  return (
    <AdminOnly title="Audit log">
      <h1>Audit log</h1>
      <AuditTable />
    </AdminOnly>
  );
}

function AuditTable() {
  const log = useAuditLog();
  return <DataTable caption="Moderation acts" columns={columns} query={log} empty={<p>No moderation act yet.</p>} />;
}
