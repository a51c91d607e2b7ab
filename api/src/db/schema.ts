import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Dollars with cents, read back as JS numbers (prices stay far below 2^53 cents). */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/** PostgreSQL's full-text document; only ever written by the database (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The words a car is found by, weighted: its name first, then where it is, then the seller's
 * details and its year (docs/api.md, "Search and facets"). English stems, so "civics" finds "civic";
 * after them each field's codes the parser does not keep whole ("1e5b22", "2.0tdi"), as typed:
 * `search_codes`, written in migration 0020_search_codes.
 */
const SEARCH_DOCUMENT = sql`setweight(to_tsvector('english', car_name), 'A') || setweight(to_tsvector('english', location), 'B') || setweight(to_tsvector('english', details), 'C') || setweight(to_tsvector('simple', purchase_year), 'D') || setweight(search_codes(car_name), 'A') || setweight(search_codes(location), 'B') || setweight(search_codes(details), 'C')`;

/** How a buyer's words are matched (docs/api.md, "Search and facets"): kept with a saved search, so its alerts match as the list does. */
export interface Words {
  /** A tsquery over the cars' full-text document, or null. */
  query: string | null;
  /** Symbols (an emoji), or a query of punctuation alone, a car's text must contain as typed: the full-text parser drops them. */
  contains: string[];
}

/** Cars of one model are compared with each other: its brand and name, case and spacing aside (features/market). */
export const modelKeyOf = (category: SQL, carName: SQL) => sql`${category} || ':' || lower(regexp_replace(btrim(${carName}), '[[:space:]]+', ' ', 'g'))`;

/** The best-deal order's value: unrated cars last (features/cars/list-query.ts). */
export const DEAL_ORDER = sql`coalesce(deal_ratio, 'Infinity'::real)`;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    role: text('role').notNull(),
    identityUid: text('identity_uid').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Set by an admin: the seller's cars are hidden and they may not list or upload (docs/product.md, "Moderation").
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    // Cleared by the unsubscribe link of an alert mail; the site's own notifications go on.
    emailAlerts: boolean('email_alerts').notNull().default(true),
    // Cleared by the unsubscribe link of a message mail; the messages themselves go on.
    messageEmails: boolean('message_emails').notNull().default(true),
  },
  (t) => [check('users_role_check', sql`${t.role} in ('Buyer', 'Seller', 'admin')`), index('users_role_idx').on(t.role, t.name)],
);

export const cars = pgTable(
  'cars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    category: text('category').notNull(),
    carName: text('car_name').notNull(),
    img: text('img').notNull(),
    currentPrice: money('current_price').notNull(),
    price: money('price').notNull(),
    purchaseYear: text('purchase_year').notNull(),
    condition: text('condition').notNull(),
    contact: text('contact').notNull(),
    details: text('details').notNull(),
    location: text('location').notNull(),
    used: text('used').notNull(),
    sellerName: text('seller_name').notNull(),
    // Null once the seller's account is deleted: a sold car stays, with its sale (see deleteUser).
    sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'set null' }),
    time: date('time', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull().default('available'),
    // While the car has photos, img is its cover's address and the link it was listed with waits
    // here, to come back when the last photo goes (features/photos/cover.ts). Null otherwise.
    listedImg: text('listed_img'),
    // Every price the car was offered at, oldest first, the listing price included.
    priceHistory: jsonb('price_history')
      .$type<{ price: number; at: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    // Hidden by an admin ('listing') or with its suspended seller ('seller'): out of every list.
    hiddenBy: text('hidden_by'),
    hiddenReason: text('hidden_reason'),
    // The facts buyers filter on; null where the listing does not state them (docs/product.md, "The facts").
    mileage: integer('mileage'),
    fuel: text('fuel'),
    gearbox: text('gearbox'),
    body: text('body'),
    colour: text('colour'),
    previousOwners: integer('previous_owners'),
    // Whether the last price change was a cut: the "price dropped" facet, read without the history.
    priceDropped: boolean('price_dropped')
      .notNull()
      .generatedAlwaysAs(sql`coalesce((price_history->-1->>'price')::numeric < (price_history->-2->>'price')::numeric, false)`),
    modelKey: text('model_key')
      .notNull()
      .generatedAlwaysAs(modelKeyOf(sql`category`, sql`car_name`)),
    search: tsvector('search').notNull().generatedAlwaysAs(SEARCH_DOCUMENT),
    // The market's estimate of the car's price (features/market): written whenever its comparables change.
    marketEstimate: money('market_estimate'),
    marketComparables: integer('market_comparables').notNull().default(0),
    dealRating: text('deal_rating'),
    /** Price over estimate: the best deals sort first. */
    dealRatio: real('deal_ratio'),
  },
  (t) => [
    check('cars_category_check', sql`${t.category} in ('audi', 'honda', 'mercedes')`),
    check('cars_status_check', sql`${t.status} in ('available', 'booked', 'sold', 'withdrawn', 'soldElsewhere')`),
    check('cars_hidden_by_check', sql`${t.hiddenBy} in ('listing', 'seller')`),
    // One index per sort order, led by category, so a page is an index range scan at any catalog size
    // (scanned backwards for the descending sorts).
    index('cars_category_newest_idx').on(t.category, t.createdAt, t.id),
    index('cars_category_price_idx').on(t.category, t.currentPrice, t.id),
    index('cars_category_year_idx').on(t.category, t.purchaseYear, t.id),
    // With the id, a status-filtered newest page after a cursor is a range scan too, however many
    // cars share one created_at (cars added in one statement do).
    index('cars_category_status_idx').on(t.category, t.status, t.createdAt, t.id),
    index('cars_category_seller_idx').on(t.category, t.sellerName),
    index('cars_seller_id_idx').on(t.sellerId),
    check('cars_fuel_check', sql`${t.fuel} in ('petrol', 'diesel', 'hybrid', 'electric')`),
    check('cars_gearbox_check', sql`${t.gearbox} in ('manual', 'automatic')`),
    check('cars_body_check', sql`${t.body} in ('saloon', 'hatchback', 'estate', 'suv', 'coupe', 'convertible', 'van')`),
    check('cars_deal_rating_check', sql`${t.dealRating} in ('great', 'good', 'fair', 'high', 'overpriced')`),
    index('cars_search_idx').using('gin', t.search),
    // A model's cars by year and mileage: the comparables of a car are a range of it.
    index('cars_market_idx').on(t.modelKey, t.purchaseYear, t.mileage),
    // Best deal first; a car without a rating after every rated one.
    index('cars_category_deal_idx').on(t.category, DEAL_ORDER, t.id),
    // One per facet's filter (features/cars/facets.ts): any picks, ANDed as bitmaps, find the few cars a
    // search page and each facet's counts read, of any brand (docs/api.md, "Search and facets").
    index('cars_price_idx').on(t.currentPrice),
    index('cars_year_idx').on(t.purchaseYear),
    index('cars_mileage_idx').on(t.mileage),
    index('cars_fuel_idx').on(t.fuel),
    index('cars_gearbox_idx').on(t.gearbox),
    index('cars_body_idx').on(t.body),
    index('cars_location_idx').on(t.location),
    index('cars_deal_rating_idx').on(t.dealRating),
    index('cars_price_dropped_idx')
      .on(t.category)
      .where(sql`${t.priceDropped}`),
  ],
);

/**
 * Every word of every listing, for the search's typo tolerance: a word of a query no listing has
 * is looked up here by trigram similarity (features/search). Filled by a trigger on cars.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/**
 * How many cars on the lists share each combination of the facets' options, bands as their keys
 * (docs/api.md, "Search and facets"): kept by a trigger on cars inside each writing transaction, so
 * the facet counts of a search without words sum these rows instead of reading every car.
 */
export const facetCounts = pgTable(
  'facet_counts',
  {
    category: text('category').notNull(),
    price: text('price'),
    year: text('purchase_year').notNull(),
    mileage: text('mileage'),
    fuel: text('fuel'),
    gearbox: text('gearbox'),
    body: text('body'),
    location: text('location').notNull(),
    dealRating: text('deal_rating'),
    priceDropped: boolean('price_dropped').notNull(),
    cars: integer('cars').notNull(),
  },
  (t) => [
    unique('facet_counts_key')
      .on(t.category, t.price, t.year, t.mileage, t.fuel, t.gearbox, t.body, t.location, t.dealRating, t.priceDropped)
      .nullsNotDistinct(),
  ],
);

/** A model and year whose cars' market estimates are out of date: a trigger on cars adds it, features/market settles it. */
export const marketDirty = pgTable('market_dirty', { modelKey: text('model_key').notNull(), purchaseYear: text('purchase_year').notNull() }, (t) => [
  primaryKey({ columns: [t.modelKey, t.purchaseYear] }),
]);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    // Null once the buyer's account is deleted: a paid booking is a sale and stays (see deleteUser).
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    img: text('img').notNull(),
    currentPrice: money('current_price').notNull(),
    carName: text('car_name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    paid: boolean('paid').notNull().default(false),
    transactionId: text('transaction_id'),
    paymentIntentId: text('payment_intent_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Set when the seller ended the listing unpaid: kept for the buyer's My Orders (docs/product.md, "My Orders").
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason').$type<'withdrawn' | 'soldElsewhere'>(),
  },
  (t) => [
    check('bookings_cancel_reason_check', sql`${t.cancelReason} in ('withdrawn', 'soldElsewhere')`),
    check('bookings_cancelled_check', sql`(${t.cancelledAt} is null) = (${t.cancelReason} is null) and not (${t.paid} and ${t.cancelReason} is not null)`),
    // A buyer books a car once; the database settles races between two clicks.
    uniqueIndex('bookings_car_buyer_idx').on(t.carId, t.buyerId),
    index('bookings_buyer_idx').on(t.buyerId, t.createdAt),
  ],
);

export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  bookingId: uuid('booking_id')
    .notNull()
    .unique()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  transactionId: text('transaction_id').notNull().unique(),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One accepted write of a limited kind (a listing, a booking, a payment intent, a registration)
 * by one subject (an account, or a client address): what the write limits count. In the database,
 * not in memory, so every API instance counts the same writes (docs/api-limits.md).
 */
export const writeEvents = pgTable(
  'write_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('write_events_subject_idx').on(t.action, t.subject, t.at), index('write_events_at_idx').on(t.at)],
);

/** A car's photos, in the order the seller chose; the first is the cover. */
export const carPhotos = pgTable(
  'car_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    // Null: the response describes the photo from the car's name and the photo's place.
    alt: text('alt'),
    // Of the largest variant, upright.
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('car_photos_car_idx').on(t.carId, t.position)],
);

/**
 * The files made of a photo, one per format and width, named by their content's hash. The key
 * index settles "is this file still used?" before a file is deleted: two photos made from the
 * same picture share their files.
 */
export const carPhotoVariants = pgTable(
  'car_photo_variants',
  {
    photoId: uuid('photo_id')
      .notNull()
      .references(() => carPhotos.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    key: text('key').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.photoId, t.format, t.width] }),
    check('car_photo_variants_format_check', sql`${t.format} in ('avif', 'webp', 'jpeg')`),
    index('car_photo_variants_key_idx').on(t.key),
  ],
);

/** A buyer's saved car. */
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.carId] }), index('favourites_car_idx').on(t.carId)],
);

/** A brand list's filters kept under a name; matched in SQL against each new car and price drop (features/alerts/matching.ts). */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // Null: saved from the search across brands.
    category: text('category'),
    q: text('q'),
    minPrice: money('min_price'),
    maxPrice: money('max_price'),
    location: text('location'),
    sort: text('sort'),
    // The facets' picks ({ fuel: ['diesel'], year: ['2019'], priceDropped: true }), matched in SQL against each new car.
    facets: jsonb('facets').$type<Record<string, string[] | boolean>>(),
    // q as the lists read it when saved (features/cars/words.ts), typos corrected.
    words: jsonb('words').$type<Words>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_category_idx').on(t.category), index('saved_searches_user_idx').on(t.userId, t.createdAt)],
);

/**
 * What a person is told in the site (and, through the outbox, by mail). `key` makes each event
 * once per person and car: a search's match once per search, a price drop once per price.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    carId: uuid('car_id').references(() => cars.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('notifications_once_idx').on(t.userId, t.carId, t.key), index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/** Mail waiting to go out over SMTP; a worker claims rows with a lease, so each goes once under its Message-ID. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    // A path on the site (the car's page) the mail links to; the sender puts SITE_URL before it.
    link: text('link'),
    // Which mails its unsubscribe link stops: 'alerts' or 'messages'.
    list: text('list').notNull().default('alerts'),
    messageId: text('message_id').notNull().unique(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** A listing reported by a signed-in person, once per person and car. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    text: text('text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reports_once_idx').on(t.reporterId, t.carId), index('reports_created_idx').on(t.createdAt)],
);

/** Every moderation action: who, when, what, why. Kept when the people or cars it names go. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetId: uuid('target_id').notNull(),
    targetName: text('target_name').notNull(),
    reason: text('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);

export type UserRow = typeof users.$inferSelect;
export type CarRow = typeof cars.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type CarPhotoRow = typeof carPhotos.$inferSelect;
export type CarPhotoVariantRow = typeof carPhotoVariants.$inferSelect;

// Buyers and sellers talk (docs/api.md, "Messages"); here, not in a file of their own, as they refer to users and cars.
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

export * from './release-schema';
export * from './test-gateway-schema';
export * from './error-schema';
/**
 * What real visitors and the render servers reported, added up per minute, remote, release and
 * metric (features/telemetry): counts, a sum, and for measured values a histogram whose bucket
 * bounds are fixed in code, from which percentiles are read. No raw event is kept.
 */
export const telemetryMinutes = pgTable(
  'telemetry_minutes',
  {
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    remote: text('remote').notNull(),
    release: text('release').notNull(),
    metric: text('metric').notNull(),
    count: integer('count').notNull(),
    sum: doublePrecision('sum').notNull().default(0),
    buckets: integer('buckets').array(),
  },
  (t) => [primaryKey({ columns: [t.remote, t.minute, t.release, t.metric] }), index('telemetry_minutes_minute_idx').on(t.minute)],
);
