import { createHash } from 'node:crypto';
import { CAR_SORTS, type CarSort, NEXT_CURSOR_HEADER, PREV_CURSOR_HEADER } from '@usedcars/shared-contract';
import { badRequest } from '../../http/errors';

/**
 * Where a page starts or ends in one sort of one filtered list: the sort key and id of a car.
 * Clients get it as opaque text (docs/list-paging.md): its shape may change with the API.
 */
export interface Position {
  sort: CarSort;
  /** 'after': the cars that follow this one; 'before': those that precede it. */
  direction: 'after' | 'before';
  /** The sort column's value as PostgreSQL writes it (timestamps to the microsecond). */
  key: string;
  id: string;
  /** Which list it belongs to: a digest of the brand and filters. */
  scope: string;
}

const VERSION = 1;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// eslint-disable-next-line no-control-regex -- NUL is what it refuses: PostgreSQL text cannot hold one
const TEXT_KEY = /^[^\u0000]{0,60}$/;
/** What the key of each sort may look like; anything else never came from this API. */
const KEY_SHAPES: Record<CarSort, RegExp> = {
  newest: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
  price: /^-?\d{1,12}(\.\d{1,6})?$/,
  '-price': /^-?\d{1,12}(\.\d{1,6})?$/,
  year: TEXT_KEY,
  '-year': TEXT_KEY,
};

/** A short digest of the filters, so a cursor used on another list is recognised. */
export function scopeOf(filterKey: string): string {
  return createHash('sha256').update(filterKey).digest('base64url').slice(0, 11);
}

export function encodeCursor({ sort, direction, key, id, scope }: Position): string {
  return Buffer.from(JSON.stringify([VERSION, sort, direction === 'after' ? 'a' : 'b', key, id, scope])).toString('base64url');
}

const notOurs = () =>
  badRequest(
    `cursor is not one this API handed out; start again from the first page (cursors come in the ${NEXT_CURSOR_HEADER} and ${PREV_CURSOR_HEADER} headers)`,
  );

/** Reads a cursor a client sent back, refusing one made for another sort or another list. */
export function decodeCursor(cursor: string, expected: { sort: CarSort; scope: string }): Position {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw notOurs();
  }
  if (!Array.isArray(parts) || parts.length !== 6 || parts[0] !== VERSION) throw notOurs();
  const [, sort, direction, key, id, scope] = parts as unknown[];
  if (!(CAR_SORTS as readonly unknown[]).includes(sort) || (direction !== 'a' && direction !== 'b')) throw notOurs();
  if (typeof key !== 'string' || !KEY_SHAPES[sort as CarSort].test(key) || typeof id !== 'string' || !UUID.test(id) || typeof scope !== 'string')
    throw notOurs();
  if (sort !== expected.sort) throw badRequest(`This cursor belongs to sort=${String(sort)}; ask with that sort, or start again from the first page`);
  if (scope !== expected.scope) throw badRequest('This cursor belongs to another list (other filters or another brand); start again from the first page');
  return { sort: sort as CarSort, direction: direction === 'a' ? 'after' : 'before', key, id, scope };
}
