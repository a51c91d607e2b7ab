import * as z from './zod';
import { CATEGORIES } from './categories';
import { fieldError, idField, requiredText, strictObject } from './fields';
import { REPORT_REASONS } from './reportReasons';

/** A message's length in characters, as the reply box and the API count it (docs/product.md, "Messages"). */
export const MESSAGE_TEXT_MAX = 2000;

const messageText = () => requiredText('text', MESSAGE_TEXT_MAX);

/** POST /conversations/{id}/messages, and the reply box. */
export const messageInputSchema = strictObject({ text: messageText() });
export type MessageInput = z.infer<typeof messageInputSchema>;

/** POST /conversations: a buyer's first question about a car (or one more, in the conversation they already have). */
export const conversationStartSchema = strictObject({ carId: idField('carId'), text: messageText() });
export type ConversationStart = z.infer<typeof conversationStartSchema>;

/** POST /conversations/{id}/report. */
export const conversationReportInputSchema = strictObject({
  reason: z.enum(REPORT_REASONS, { error: fieldError('reason', `one of ${REPORT_REASONS.join(', ')}`) }),
  text: requiredText('text', 1000).optional(),
});
export type ConversationReportInput = z.infer<typeof conversationReportInputSchema>;

/** Which side of a conversation someone is on. */
export const CONVERSATION_SIDES = ['buyer', 'seller'] as const;
export type ConversationSide = (typeof CONVERSATION_SIDES)[number];

/** Shown where the other person's name was, once their account is deleted. */
export const DELETED_ACCOUNT = 'deleted account';

export const conversationMessageSchema = z.object({
  _id: z.string(),
  /** The message's place in the site's message order: the stream's event id and the paging cursor. */
  seq: z.number().int(),
  conversationId: z.string(),
  text: z.string(),
  /** Which side wrote it. */
  from: z.enum(CONVERSATION_SIDES),
  createdAt: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/**
 * A conversation as one of its two people (or an admin, for a reported one) sees it. The other
 * person is named only: no e-mail address or phone number of an account is ever part of it.
 */
export const conversationSchema = z.object({
  _id: z.string(),
  /** Null once the car is gone from the site. */
  carId: z.string().nullable(),
  carName: z.string(),
  categoryName: z.enum(CATEGORIES),
  /** The caller's side; null for an admin reading a reported conversation. */
  side: z.enum(CONVERSATION_SIDES).nullable(),
  buyerName: z.string(),
  sellerName: z.string(),
  /** Messages the caller has not read yet. */
  unread: z.number().int(),
  lastMessage: conversationMessageSchema.nullable(),
  updatedAt: z.string(),
  /** The caller blocked the other person, or was blocked by them: no more messages either way. */
  blocked: z.boolean(),
  /** The caller reported it to the moderators. */
  reported: z.boolean(),
  /** The other person's account is deleted: nothing more can be sent (for an admin, either person's). */
  otherAccountDeleted: z.boolean(),
  /** For an admin only: the two accounts, to suspend one (null once deleted). */
  people: z.object({ buyerId: z.string().nullable(), sellerId: z.string().nullable() }).optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** GET /conversations: the caller's conversations, newest first, and their unread messages in all. */
export const conversationListSchema = z.object({ items: z.array(conversationSchema), unread: z.number().int() });
export type ConversationList = z.infer<typeof conversationListSchema>;

/** GET /conversations/{id}/messages: a page, oldest first; the older page's cursor in X-Next-Cursor. */
export const messagePageSchema = z.object({ items: z.array(conversationMessageSchema) });
export type MessagePage = z.infer<typeof messagePageSchema>;

export const MESSAGE_PAGE_MAX = 100;

export const messagePageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: fieldError('limit', 'a number') })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(MESSAGE_PAGE_MAX, { error: `limit must be at most ${MESSAGE_PAGE_MAX}` })
    .default(50),
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, { error: 'cursor is not one this API gave; start again from the newest messages' })
    .optional(),
});

/** POST /conversations: the conversation the message went into. */
export const conversationStartedSchema = z.object({ _id: z.string(), carId: z.string(), message: conversationMessageSchema });
export type ConversationStarted = z.infer<typeof conversationStartedSchema>;

/** What GET /conversations/stream sends (text/event-stream), by event name. */
export interface MessageStreamEvents {
  /** A message in one of the caller's conversations, theirs or the other person's; the event's id is its seq. */
  message: ConversationMessage;
  /** The caller's unread messages in all: at once, and whenever it changes. */
  unread: { unread: number };
}

/** GET /admin/conversation-reports: a reported conversation, with the messages it was reported with. */
export const conversationReportSchema = z.object({
  _id: z.string(),
  conversationId: z.string(),
  carName: z.string(),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  reporterName: z.string(),
  createdAt: z.string(),
  messages: z.array(conversationMessageSchema.extend({ name: z.string() })),
});
export type ConversationReport = z.infer<typeof conversationReportSchema>;
