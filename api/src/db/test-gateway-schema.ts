import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The offline test gateway's payment intents (features/payments/gateway.ts): kept in the database,
 * not in one process's memory, so an intent one API instance made can be confirmed and paid through
 * another. Stripe keeps these for the stripe gateway; nothing else reads them.
 */
export const testGatewayIntents = pgTable(
  'test_gateway_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull().unique(),
    /** The same key returns the same intent, as Stripe's Idempotency-Key does. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    status: text('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The intent's metadata.bookingId: plain text, as a provider keeps it, with no tie to the bookings table. */
    bookingId: text('booking_id'),
    /** The provider's message for the last refused card. */
    lastError: text('last_error'),
    refunded: boolean('refunded').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'test_gateway_intents_status_check',
      sql`${t.status} in ('requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'canceled', 'succeeded')`,
    ),
    check('test_gateway_intents_refunded_check', sql`not ${t.refunded} or ${t.status} = 'succeeded'`),
  ],
);
