import * as z from './zod';
import { CATEGORIES } from './categories';
import { fieldError, idField, requiredText, strictObject } from './fields';
import { REPORT_REASONS } from './reportReasons';

export const MESSAGE_TEXT_MAX = 2000;

const messageText = () => requiredText('text', MESSAGE_TEXT_MAX);

export const messageInputSchema = strictObject({ text: messageText() });
export type MessageInput = z.infer<typeof messageInputSchema>;

export const conversationStartSchema = strictObject({ carId: idField('carId'), text: messageText() });
export type ConversationStart = z.infer<typeof conversationStartSchema>;

export const conversationReportInputSchema = strictObject({
  reason: z.enum(REPORT_REASONS, { error: fieldError('reason', `one of ${REPORT_REASONS.join(', ')}`) }),
  text: requiredText('text', 1000).optional(),
});
export type ConversationReportInput = z.infer<typeof conversationReportInputSchema>;

export const CONVERSATION_SIDES = ['buyer', 'seller'] as const;
export type ConversationSide = (typeof CONVERSATION_SIDES)[number];

export const DELETED_ACCOUNT = 'deleted account';

export const conversationMessageSchema = z.object({
  _id: z.string(),
  /** Both the stream's event id and the paging cursor. */
  seq: z.number().int(),
  conversationId: z.string(),
  text: z.string(),
  from: z.enum(CONVERSATION_SIDES),
  createdAt: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

// The other person is named only: never an account's e-mail address or phone number.
export const conversationSchema = z.object({
  _id: z.string(),
  carId: z.string().nullable(),
  carName: z.string(),
  categoryName: z.enum(CATEGORIES),
  /** Null for an admin reading a reported conversation. */
  side: z.enum(CONVERSATION_SIDES).nullable(),
  buyerName: z.string(),
  sellerName: z.string(),
  unread: z.number().int(),
  lastMessage: conversationMessageSchema.nullable(),
  updatedAt: z.string(),
  /** Either way: no more messages. */
  blocked: z.boolean(),
  reported: z.boolean(),
  /** The other person's account is deleted: nothing more can be sent. */
  otherAccountDeleted: z.boolean(),
  /** Admins only, to suspend one. */
  people: z.object({ buyerId: z.string().nullable(), sellerId: z.string().nullable() }).optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = z.object({ items: z.array(conversationSchema), unread: z.number().int() });
export type ConversationList = z.infer<typeof conversationListSchema>;

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

export const conversationStartedSchema = z.object({ _id: z.string(), carId: z.string(), message: conversationMessageSchema });
export type ConversationStarted = z.infer<typeof conversationStartedSchema>;

/** GET /conversations/stream, by event name. */
export interface MessageStreamEvents {
  message: ConversationMessage;
  unread: { unread: number };
}

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
