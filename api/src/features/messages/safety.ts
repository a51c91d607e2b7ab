import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { type ConversationReport, type ConversationReportInput, DELETED_ACCOUNT, type ReportReason } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { type UserRow, blocks, conversationReports, conversations, messages, users } from '../../db/schema';
import { conflict } from '../../http/errors';
import { type Access, otherOf } from './service';
import { toMessage } from './views';

/** How many of a conversation's latest messages a report keeps. */
const REPORTED_MESSAGES = 200;

/** Blocks the other person of the conversation: no more messages either way, in any conversation. */
export async function block(db: Db, caller: UserRow, { row, side }: Access): Promise<void> {
  await db
    .insert(blocks)
    .values({ blockerId: caller.id, blockedId: otherOf(row, side!) })
    .onConflictDoNothing();
}

export async function unblock(db: Db, caller: UserRow, { row, side }: Access): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, caller.id), eq(blocks.blockedId, otherOf(row, side!))));
}

/** Reports the conversation to the moderators, with its messages as they are now; from then on an admin may read it. */
export async function reportConversation(db: Db, caller: UserRow, { row }: Access, input: ConversationReportInput): Promise<string> {
  return db.transaction(async (tx) => {
    const recent = await tx
      .select({ message: messages, name: users.name })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.senderId))
      .where(eq(messages.conversationId, row.id))
      .orderBy(desc(messages.seq))
      .limit(REPORTED_MESSAGES);
    const attached = recent.reverse().map(({ message, name }) => ({ ...toMessage({ ...message, sellerId: row.sellerId }), name: name ?? DELETED_ACCOUNT }));
    const [report] = await tx
      .insert(conversationReports)
      .values({ conversationId: row.id, reporterId: caller.id, reporterName: caller.name, reason: input.reason, text: input.text ?? null, messages: attached })
      .onConflictDoNothing()
      .returning({ id: conversationReports.id });
    if (!report) throw conflict('You have already reported this conversation');
    await tx
      .update(conversations)
      .set({ reportedAt: new Date() })
      .where(and(eq(conversations.id, row.id), isNull(conversations.reportedAt)));
    return report.id;
  });
}

/** The moderators' queue of reported conversations, newest first, each with the messages it was reported with. */
export async function conversationReportQueue(db: Db): Promise<ConversationReport[]> {
  const rows = await db
    .select({ report: conversationReports, carName: conversations.carName })
    .from(conversationReports)
    .innerJoin(conversations, eq(conversations.id, conversationReports.conversationId))
    .orderBy(desc(conversationReports.createdAt), asc(conversationReports.id))
    .limit(500);
  return rows.map(({ report, carName }) => ({
    _id: report.id,
    conversationId: report.conversationId,
    carName,
    reason: report.reason as ReportReason,
    text: report.text,
    reporterName: report.reporterName,
    createdAt: report.createdAt.toISOString(),
    messages: report.messages as ConversationReport['messages'],
  }));
}
