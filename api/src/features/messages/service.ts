import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { ConversationMessage, ConversationSide, ConversationStart } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { type UserRow, blocks, cars, conversations, messages } from '../../db/schema';
import { HttpError, conflict, forbidden, notFound } from '../../http/errors';
import { type ConversationRow, type MessageRecord, toMessage } from './views';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Every message is written under this lock, so seq order is commit order and the stream misses none (docs/api.md, "Messages"). */
const MESSAGE_ORDER_LOCK = 0x4d53_4751; // "MSGQ"

export const REFUSALS = {
  ownCar: 'This is your own car: buyers ask you about it, and you reply in Messages',
  carGone: 'This car is no longer on the site',
  sellerGone: "This car's seller has deleted their account",
  otherGone: "The other person's account was deleted: no more messages can be sent here",
  youBlocked: 'You blocked this person: no messages either way until you unblock them',
  blockedYou: 'This person does not take messages from you',
  suspended: 'Your account is suspended: you cannot send messages',
  adminWrites: 'Admins read reported conversations; they do not write in them',
  adminReadsReported: 'Admins read only conversations that were reported to them',
} as const;

const noConversation = (id: string) => notFound(`No conversation of yours with id ${id}`);

export interface Access {
  row: ConversationRow;
  /** The caller's side; null for an admin reading a reported conversation. */
  side: ConversationSide | null;
}

/** Only the two people, and an admin once it is reported; anyone else is told it does not exist. */
export async function accessOf(db: Db | Tx, caller: UserRow, id: string, purpose: 'read' | 'write'): Promise<Access> {
  const query = db.select().from(conversations).where(eq(conversations.id, id));
  const [row] = purpose === 'write' ? await query.for('update') : await query;
  if (!row) throw noConversation(id);
  if (row.buyerId === caller.id) return { row, side: 'buyer' };
  if (row.sellerId === caller.id) return { row, side: 'seller' };
  if (caller.role !== 'admin') throw noConversation(id);
  if (purpose === 'write') throw forbidden(REFUSALS.adminWrites);
  if (!row.reportedAt) throw forbidden(REFUSALS.adminReadsReported);
  return { row, side: null };
}

/** A block either way stops the conversation; the message says which. */
async function refuseBlocked(tx: Tx, callerId: string, otherId: string): Promise<void> {
  const rows = await tx
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, callerId), eq(blocks.blockedId, otherId)), and(eq(blocks.blockerId, otherId), eq(blocks.blockedId, callerId))));
  if (rows.length === 0) return;
  throw forbidden(rows.some((row) => row.blockerId === callerId) ? REFUSALS.youBlocked : REFUSALS.blockedYou);
}

/** Adds the caller's message to a conversation they may write in (its row locked by the caller's transaction). */
async function addMessage(tx: Tx, caller: UserRow, row: ConversationRow, side: ConversationSide, text: string): Promise<ConversationMessage> {
  if (caller.suspendedAt) throw forbidden(REFUSALS.suspended);
  const otherId = side === 'buyer' ? row.sellerId : row.buyerId;
  if (!otherId) throw conflict(REFUSALS.otherGone);
  await refuseBlocked(tx, caller.id, otherId);
  await tx.execute(sql`select pg_advisory_xact_lock(${MESSAGE_ORDER_LOCK})`);
  const [message] = await tx.insert(messages).values({ conversationId: row.id, senderId: caller.id, text }).returning();
  const seq = message!.seq;
  // One's own message is read; the conversation moves to the top of both inboxes.
  await tx
    .update(conversations)
    .set({ lastMessageAt: message!.createdAt, ...(side === 'buyer' ? { buyerReadSeq: seq } : { sellerReadSeq: seq }) })
    .where(eq(conversations.id, row.id));
  return toMessage({ ...message!, sellerId: row.sellerId });
}

/** A buyer's question about a car: a new conversation, or one more message in the one they have. */
export async function startConversation(
  db: Db,
  caller: UserRow,
  input: ConversationStart,
): Promise<{ created: boolean; id: string; message: ConversationMessage }> {
  return db.transaction(async (tx) => {
    const [car] = await tx
      .select({ id: cars.id, name: cars.carName, category: cars.category, sellerId: cars.sellerId, hiddenBy: cars.hiddenBy })
      .from(cars)
      .where(eq(cars.id, input.carId));
    if (!car || car.hiddenBy !== null) throw notFound(`No car with id ${input.carId}`);
    if (car.sellerId === caller.id) throw forbidden(REFUSALS.ownCar);
    if (!car.sellerId) throw conflict(REFUSALS.sellerGone);
    const [inserted] = await tx
      .insert(conversations)
      .values({ carId: car.id, carName: car.name, category: car.category, buyerId: caller.id, sellerId: car.sellerId })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    const [row] = await tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.carId, car.id), eq(conversations.buyerId, caller.id)))
      .for('update');
    const message = await addMessage(tx, caller, row!, 'buyer', input.text);
    return { created: inserted !== undefined, id: row!.id, message };
  });
}

/** A reply (or one more question) in a conversation the caller is one of the two people of. */
export async function postMessage(db: Db, caller: UserRow, id: string, text: string): Promise<ConversationMessage> {
  return db.transaction(async (tx) => {
    const { row, side } = await accessOf(tx, caller, id, 'write');
    return addMessage(tx, caller, row, side!, text);
  });
}

/** A page of messages, newest first from the cursor, served oldest first; the cursor of the page before, if any. */
export async function messagePage(
  db: Db,
  row: ConversationRow,
  page: { limit: number; cursor?: string },
): Promise<{ items: ConversationMessage[]; older?: string }> {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, row.id), page.cursor ? lt(messages.seq, Number(page.cursor)) : undefined))
    .orderBy(desc(messages.seq))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const items = shown.map((message) => toMessage({ ...(message as Omit<MessageRecord, 'sellerId'>), sellerId: row.sellerId })).reverse();
  return { items, older: rows.length > page.limit ? String(items[0]!.seq) : undefined };
}

/** Marks everything in the conversation read for the caller's side. */
export async function markConversationRead(db: Db, row: ConversationRow, side: ConversationSide): Promise<void> {
  const latest = sql`greatest(${side === 'buyer' ? conversations.buyerReadSeq : conversations.sellerReadSeq}, coalesce((select max(seq) from messages where conversation_id = ${row.id}), 0))`;
  await db
    .update(conversations)
    .set(side === 'buyer' ? { buyerReadSeq: latest } : { sellerReadSeq: latest })
    .where(eq(conversations.id, row.id));
}

/** Guards a write that needs the other person still there. */
export function otherOf(row: ConversationRow, side: ConversationSide): string {
  const otherId = side === 'buyer' ? row.sellerId : row.buyerId;
  if (!otherId) throw new HttpError(409, REFUSALS.otherGone);
  return otherId;
}
