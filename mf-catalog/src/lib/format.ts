import { lazily } from '@usedcars/shared-contract';
/**
 * A car's `time` is the calendar day it was posted (YYYY-MM-DD). It is read in UTC so the day
 * does not move back by one for visitors west of Greenwich.
 */
const postedDay = lazily(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }));

export function formatPosted(time: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(time) ? `${time}T00:00:00Z` : time);
  return Number.isNaN(date.getTime()) ? time : postedDay().format(date);
}
