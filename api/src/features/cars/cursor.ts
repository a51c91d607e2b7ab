import { createHmac, timingSafeEqual } from 'node:crypto';
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
  /** Which list it belongs to: a keyed digest of the brand and filters. */
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
  deal: /^(Infinity|\d{1,12}(\.\d{1,12})?(e[-+]?\d{1,3})?)$/,
};

const notOurs = () =>
  badRequest(
    `cursor is not one this API handed out; start again from the first page (cursors come in the ${NEXT_CURSOR_HEADER} and ${PREV_CURSOR_HEADER} headers)`,
  );

/** A `newest` key names a real instant PostgreSQL can hold: 2026-02-30 and year 0 do not. */
function isRealInstant(key: string): boolean {
  const year = Number(key.slice(0, 4));
  const date = new Date(key);
  return year >= 1 && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === key.slice(0, 23);
}

/**
 * Cursors signed with a key of the server's (HMAC-SHA256): a client can hand one back, not make
 * one, and the list a cursor belongs to is a keyed digest no one without the key can compute.
 */
export class CursorCodec {
  constructor(private readonly secret: string) {}

  private mac(label: string, text: string): string {
    return createHmac('sha256', this.secret).update(`${label}:${text}`).digest('base64url');
  }

  /** Which list a cursor belongs to: the brand and filters, keyed. */
  scopeOf(filterKey: string): string {
    return this.mac('scope', filterKey).slice(0, 11);
  }

  encode({ sort, direction, key, id, scope }: Position): string {
    const payload = Buffer.from(JSON.stringify([VERSION, sort, direction === 'after' ? 'a' : 'b', key, id, scope])).toString('base64url');
    return `${payload}.${this.mac('cursor', payload).slice(0, 22)}`;
  }

  /** Reads a cursor a client sent back, refusing one this API did not sign, or one made for another sort or list. */
  decode(cursor: string, expected: { sort: CarSort; scope: string }): Position {
    const [payload = '', signature = '', ...rest] = cursor.split('.');
    const wanted = Buffer.from(this.mac('cursor', payload).slice(0, 22));
    if (rest.length > 0 || Buffer.byteLength(signature) !== wanted.length || !timingSafeEqual(Buffer.from(signature), wanted)) throw notOurs();
    let parts: unknown;
    try {
      parts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw notOurs();
    }
    if (!Array.isArray(parts) || parts.length !== 6 || parts[0] !== VERSION) throw notOurs();
    const [, sort, direction, key, id, scope] = parts as unknown[];
    if (!(CAR_SORTS as readonly unknown[]).includes(sort) || (direction !== 'a' && direction !== 'b')) throw notOurs();
    if (typeof key !== 'string' || !KEY_SHAPES[sort as CarSort].test(key) || typeof id !== 'string' || !UUID.test(id) || typeof scope !== 'string')
      throw notOurs();
    // Signed, so this only fails if the key leaked; checked anyway, as the database would refuse it with a 500.
    if (sort === 'newest' && !isRealInstant(key)) throw notOurs();
    if (sort !== expected.sort) throw badRequest(`This cursor belongs to sort=${String(sort)}; ask with that sort, or start again from the first page`);
    if (scope !== expected.scope) throw badRequest('This cursor belongs to another list (other filters or another brand); start again from the first page');
    return { sort: sort as CarSort, direction: direction === 'a' ? 'after' : 'before', key, id, scope };
  }
}
