import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchAuditLog, fetchConversationReports, fetchReports, setListingHidden, setAccountSuspended } from '@usedcars/shared-api/moderation';
import { dashboardKeys } from '../../lib/queryKeys';

/** GET /admin/reports: the queue, newest first, read afresh each time it is shown. */
export function useReports() {
  return useQuery({ queryKey: dashboardKeys.reports(), queryFn: ({ signal }) => fetchReports(signal), staleTime: 0 });
}

/** GET /admin/conversation-reports: reported conversations, read afresh each time the queue is shown. */
export function useConversationReports() {
  return useQuery({ queryKey: ['conversation-reports'], queryFn: ({ signal }) => fetchConversationReports(signal), staleTime: 0 });
}

/** GET /admin/audit-log: every moderation act, newest first. */
export function useAuditLog() {
  return useQuery({ queryKey: dashboardKeys.auditLog(), queryFn: ({ signal }) => fetchAuditLog(signal), staleTime: 0 });
}

/** What an act is done to: a listing hidden or restored, a seller suspended or reinstated. */
export type ModerationTarget = { kind: 'listing'; id: string; hide: boolean } | { kind: 'seller'; id: string; suspend: boolean };
export type ModerationAct = ModerationTarget & { reason: string };

/** Hide/restore a listing or suspend/reinstate a seller; the queue, the accounts and the log read afresh after. */
export function useModerationAct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (act: ModerationAct) =>
      act.kind === 'listing' ? setListingHidden(act.id, act.hide, act.reason) : setAccountSuspended(act.id, act.suspend, act.reason),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.reports() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.auditLog() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.users('Seller') }),
      ]),
  });
}
