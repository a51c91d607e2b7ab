/** How recent a loader's read must be for a screen that reads afresh on each visit to show it as it is. */
const JUST_READ_MS = 10_000;

/**
 * refetchOnMount for a screen that reads afresh on each visit (bookings change at any time): not
 * when its loader read it just now for this very visit (a link pointed at, then clicked), unless changed since.
 */
export function afreshUnlessJustRead(query: { state: { dataUpdatedAt: number; isInvalidated: boolean } }): 'always' | false {
  return query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > JUST_READ_MS ? 'always' : false;
}
