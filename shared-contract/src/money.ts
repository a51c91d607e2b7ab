// One formatter for screens, mails and notifications; an entry of its own so no zod comes with it.
import { lazily } from './lazily';

const wholeDollars = lazily(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }));
const withCents = lazily(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }));

export function formatPrice(amount: number): string {
  return (Number.isInteger(amount) ? wholeDollars() : withCents()).format(amount);
}

// Read in UTC, so the server's HTML and the hydrated page name the same day.
const dropDay = lazily(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }));

/** "Price dropped $1,200 on Nov 20" when the last change was a cut, else undefined. */
export function priceDropText(history: readonly { price: number; at: string }[] | undefined): string | undefined {
  if (!history || history.length < 2) return undefined;
  const last = history[history.length - 1]!;
  const before = history[history.length - 2]!;
  const at = new Date(last.at);
  if (last.price >= before.price || Number.isNaN(at.getTime())) return undefined;
  const drop = Math.round((before.price - last.price) * 100) / 100;
  return `Price dropped ${formatPrice(drop)} on ${dropDay().format(at)}`;
}
