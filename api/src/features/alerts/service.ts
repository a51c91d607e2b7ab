import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  CATEGORY_PATHS,
  type Category,
  type Notification,
  type NotificationKind,
  type NotificationPage,
  SAVED_SEARCH_CAP,
  type SavedSearch,
  type SavedSearchInput,
  type SearchFilters,
  type SearchSort,
} from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { cars, mailOutbox, notifications, savedSearches, users } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { pickedOptions } from '../cars/facets';
import { readWords } from '../cars/words';

type SavedSearchRow = typeof savedSearches.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  const filters: SearchFilters = { ...(row.facets as Partial<SearchFilters> | null) };
  if (row.category !== null) filters.category = row.category as Category;
  for (const key of ['q', 'location'] as const) if (row[key] !== null) filters[key] = row[key];
  if (row.sort !== null) filters.sort = row.sort as SearchSort;
  if (row.minPrice !== null) filters.minPrice = row.minPrice;
  if (row.maxPrice !== null) filters.maxPrice = row.maxPrice;
  return { _id: row.id, name: row.name, filters, createdAt: row.createdAt.toISOString() };
}

export async function savedSearchesOf(db: Db, userId: string): Promise<SavedSearch[]> {
  const rows = await db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map(toSavedSearch);
}

/** The cap is checked under a lock on the person's row, so two saves at once cannot pass it together. */
export async function saveSearch(db: Db, userId: string, input: SavedSearchInput): Promise<SavedSearch> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [held] = await tx.select({ count: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
    if ((held?.count ?? 0) >= SAVED_SEARCH_CAP) {
      throw conflict(`You have ${SAVED_SEARCH_CAP} saved searches, the most you can keep; delete one to save another.`);
    }
    const { category, q, minPrice, maxPrice, location, sort, ...selection } = input.filters;
    const picked = pickedOptions(selection);
    const facets = Object.keys(picked).length === 0 ? null : { ...picked, ...(picked.priceDropped ? { priceDropped: true } : {}) };
    // The words as the search reads them today, typos corrected, so each new car is matched as the list would find it.
    const words = await readWords(tx, q);
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId, name: input.name, category, q, minPrice, maxPrice, location, sort, facets, words })
      .returning();
    return toSavedSearch(row!);
  });
}

export async function deleteSavedSearch(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw notFound(`No saved search of yours with id ${id}`);
}

export async function notificationsOf(db: Db, userId: string, page: { limit: number; offset: number }): Promise<NotificationPage> {
  const rows = await db
    .select({ notification: notifications, category: cars.category })
    .from(notifications)
    .leftJoin(cars, eq(cars.id, notifications.carId))
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit)
    .offset(page.offset);
  const [totals] = await db
    .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number) })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  const items: Notification[] = rows.map(({ notification, category }) => ({
    _id: notification.id,
    kind: notification.kind as NotificationKind,
    text: notification.text,
    carId: notification.carId,
    categoryName: (category as Category | null) ?? null,
    createdAt: notification.createdAt.toISOString(),
    read: notification.readAt !== null,
  }));
  return { items, unread: totals?.unread ?? 0, total: totals?.total ?? 0 };
}

/** Marks the named notifications (or all) of the caller read; returns what is still unread. */
export async function markRead(db: Db, userId: string, ids: string[] | undefined): Promise<number> {
  if (ids?.length !== 0) {
    await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ids ? inArray(notifications.id, ids) : undefined));
  }
  const [left] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return left?.unread ?? 0;
}

export interface Notice {
  userId: string;
  carId: string | null;
  category?: Category;
  kind: NotificationKind;
  /** With the person and car, makes the notice once (notifications_once_idx). */
  key: string;
  text: string;
  subject: string;
}

/** Writes notices and queues their mails in the caller's transaction (an ended listing, a moderation act). */
export async function notify(tx: Tx | Db, notices: Notice[]): Promise<void> {
  if (notices.length === 0) return;
  const written = await tx
    .insert(notifications)
    .values(notices.map(({ userId, carId, kind, key, text }) => ({ userId, carId, kind, key, text })))
    .onConflictDoNothing()
    .returning({ id: notifications.id, userId: notifications.userId, key: notifications.key, carId: notifications.carId });
  if (written.length === 0) return;
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.id, [...new Set(written.map((row) => row.userId))]), eq(users.emailAlerts, true)));
  const emails = new Map(people.map((person) => [person.id, person.email]));
  const mails = written.flatMap((row) => {
    const notice = notices.find((one) => one.userId === row.userId && one.key === row.key && one.carId === row.carId)!;
    const to = emails.get(row.userId);
    const link = notice.carId && notice.category ? `${CATEGORY_PATHS[notice.category].detailRoute}/${notice.carId}` : null;
    return to ? [{ userId: row.userId, to, subject: notice.subject, body: notice.text, link, messageId: `<notice-${row.id}@usedcars.local>` }] : [];
  });
  if (mails.length > 0) await tx.insert(mailOutbox).values(mails);
}
