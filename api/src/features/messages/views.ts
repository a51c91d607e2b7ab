import { type SQL, and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Category, type Conversation, type ConversationMessage, type ConversationSide, DELETED_ACCOUNT } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { blocks, conversationReports, conversations, users } from '../../db/schema';

export type ConversationRow = typeof conversations.$inferSelect;

/** The columns of a message as a query reads them, with its conversation's two people. */
export interface MessageRecord {
  id: string;
  seq: number;
  conversationId: string;
  senderId: string;
  text: string;
  createdAt: Date;
  sellerId: string | null;
}

/** A deleted account's messages are gone with it, so a message is the seller's exactly when its sender is the seller. */
export function toMessage(row: MessageRecord): ConversationMessage {
  return {
    _id: row.id,
    seq: Number(row.seq),
    conversationId: row.conversationId,
    text: row.text,
    from: row.sellerId !== null && row.senderId === row.sellerId ? 'seller' : 'buyer',
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');

/** What a conversation looks like to one viewer: unread, blocked and reported are theirs. */
function columnsFor(viewerId: string) {
  const readSeq = sql`case when ${conversations.buyerId} = ${viewerId} then ${conversations.buyerReadSeq} else ${conversations.sellerReadSeq} end`;
  return {
    row: conversations,
    buyerName: buyer.name,
    sellerName: seller.name,
    unread:
      sql<number>`(select count(*) from messages m where m.conversation_id = ${conversations.id} and m.sender_id <> ${viewerId} and m.seq > ${readSeq})`.mapWith(
        Number,
      ),
    last: sql<Omit<
      MessageRecord,
      'sellerId'
    > | null>`(select json_build_object('id', m.id, 'seq', m.seq, 'conversationId', m.conversation_id, 'senderId', m.sender_id, 'text', m.text, 'createdAt', m.created_at)
      from messages m where m.conversation_id = ${conversations.id} order by m.seq desc limit 1)`,
    blocked: sql<boolean>`exists (select 1 from ${blocks} b where (b.blocker_id = ${viewerId} and b.blocked_id in (${conversations.buyerId}, ${conversations.sellerId}))
      or (b.blocked_id = ${viewerId} and b.blocker_id in (${conversations.buyerId}, ${conversations.sellerId})))`,
    reported: sql<boolean>`exists (select 1 from ${conversationReports} r where r.conversation_id = ${conversations.id} and r.reporter_id = ${viewerId})`,
  };
}

type ViewRow = {
  row: ConversationRow;
  buyerName: string | null;
  sellerName: string | null;
  unread: number;
  last: Omit<MessageRecord, 'sellerId'> | null;
  blocked: boolean;
  reported: boolean;
};

function sideOf(row: ConversationRow, viewerId: string): ConversationSide | null {
  if (row.buyerId === viewerId) return 'buyer';
  if (row.sellerId === viewerId) return 'seller';
  return null;
}

function toConversation(view: ViewRow, viewerId: string, forAdmin: boolean): Conversation {
  const { row } = view;
  const side = sideOf(row, viewerId);
  const others = side === 'buyer' ? [row.sellerId] : side === 'seller' ? [row.buyerId] : [row.buyerId, row.sellerId];
  return {
    _id: row.id,
    carId: row.carId,
    carName: row.carName,
    categoryName: row.category as Category,
    side,
    buyerName: view.buyerName ?? DELETED_ACCOUNT,
    sellerName: view.sellerName ?? DELETED_ACCOUNT,
    unread: view.unread,
    lastMessage: view.last ? toMessage({ ...view.last, sellerId: row.sellerId }) : null,
    updatedAt: row.lastMessageAt.toISOString(),
    blocked: view.blocked,
    reported: view.reported,
    otherAccountDeleted: others.includes(null),
    ...(forAdmin ? { people: { buyerId: row.buyerId, sellerId: row.sellerId } } : {}),
  };
}

async function viewsOf(db: Db, viewerId: string, where: SQL | undefined, limit: number): Promise<ViewRow[]> {
  return db
    .select(columnsFor(viewerId))
    .from(conversations)
    .leftJoin(buyer, eq(buyer.id, conversations.buyerId))
    .leftJoin(seller, eq(seller.id, conversations.sellerId))
    .where(where)
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(limit);
}

/** The viewer's conversations, newest first. */
export async function conversationsOf(db: Db, viewerId: string, limit = 200): Promise<Conversation[]> {
  const rows = await viewsOf(db, viewerId, or(eq(conversations.buyerId, viewerId), eq(conversations.sellerId, viewerId)), limit);
  return rows.map((view) => toConversation(view, viewerId, false));
}

/** One conversation as the viewer sees it (its access already checked); an admin also gets the two accounts' ids. */
export async function conversationView(db: Db, viewerId: string, id: string, forAdmin: boolean): Promise<Conversation> {
  const [view] = await viewsOf(db, viewerId, and(eq(conversations.id, id)), 1);
  return toConversation(view!, viewerId, forAdmin);
}

/** Messages the person has not read yet, in all their conversations. */
export async function unreadTotal(db: Db, userId: string): Promise<number> {
  return (await unreadTotals(db, [userId])).get(userId) ?? 0;
}

/** Unread messages per person, for many people in one query (the stream's listeners). */
export async function unreadTotals(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.execute(sql`select u.id, count(m.id)::int as unread
    from unnest(${`{${userIds.join(',')}}`}::uuid[]) as u(id)
    left join conversations c on c.buyer_id = u.id or c.seller_id = u.id
    left join messages m on m.conversation_id = c.id and m.sender_id <> u.id
      and m.seq > case when c.buyer_id = u.id then c.buyer_read_seq else c.seller_read_seq end
    group by u.id`);
  return new Map(rowsOf<{ id: string; unread: number }>(rows).map((row) => [row.id, Number(row.unread)]));
}

/** node-postgres returns { rows }, PGlite the same; some drivers return the array itself. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}
