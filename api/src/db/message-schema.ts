import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cars, users } from './schema';

/**
 * A buyer's conversation with a car's seller (docs/product.md, "Messages"), one per buyer and car.
 * The car's name is kept, so the conversation stays readable once the car is gone; a person's
 * column turns null when their account is deleted ("deleted account").
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id').references(() => cars.id, { onDelete: 'set null' }),
    carName: text('car_name').notNull(),
    category: text('category').notNull(),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    // The last message each side has read, by its seq: everything after it is unread for them.
    buyerReadSeq: bigint('buyer_read_seq', { mode: 'number' }).notNull().default(0),
    sellerReadSeq: bigint('seller_read_seq', { mode: 'number' }).notNull().default(0),
    // When each side was last mailed about an unread message here: at most one mail an hour.
    buyerMailedAt: timestamp('buyer_mailed_at', { withTimezone: true }),
    sellerMailedAt: timestamp('seller_mailed_at', { withTimezone: true }),
    // Set by the first report: from then on an admin may read it.
    reportedAt: timestamp('reported_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversations_buyer_car_idx').on(t.carId, t.buyerId),
    index('conversations_buyer_idx').on(t.buyerId, t.lastMessageAt),
    index('conversations_seller_idx').on(t.sellerId, t.lastMessageAt),
  ],
);

/** One message; `seq` orders every message of the site, and is the stream's event id and the paging cursor. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    // A deleted account's messages go with it: the other person no longer sees them.
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.seq), check('messages_text_check', sql`char_length(${t.text}) between 1 and 2000`)],
);

/** A person who blocked another: no messages either way from then on. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

/** A conversation reported to the moderators, once per person, with its messages as they were then. */
export const conversationReports = pgTable(
  'conversation_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reporterName: text('reporter_name').notNull(),
    reason: text('reason').notNull(),
    text: text('text'),
    /** The messages at the time of the report: [{ from, name, text, createdAt }], oldest first. */
    messages: jsonb('messages').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('conversation_reports_once_idx').on(t.reporterId, t.conversationId), index('conversation_reports_created_idx').on(t.createdAt)],
);
