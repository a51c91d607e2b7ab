/**
 * Prices are dollars (docs/product.md, "Limits and timings"). One formatter for the screens and
 * the API's mails and notifications, so a car costs the same everywhere. Whole dollars, the usual
 * case, show no cents. Its own entry (`@usedcars/shared-contract/money`): no zod in a page for it.
 */
const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

export function formatPrice(amount: number): string {
  return (Number.isInteger(amount) ? wholeDollars : withCents).format(amount);
}

// Read in UTC, so the server's HTML and the hydrated page name the same day.
const dropDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * "Price dropped $1,200 on Nov 20" when a car's last price change was a cut (docs/product.md,
 * "Listings kept current"); undefined when its price never changed or last went up.
 */
export function priceDropText(history: readonly { price: number; at: string }[] | undefined): string | undefined {
  if (!history || history.length < 2) return undefined;
  const last = history[history.length - 1]!;
  const before = history[history.length - 2]!;
  const at = new Date(last.at);
  if (last.price >= before.price || Number.isNaN(at.getTime())) return undefined;
  const drop = Math.round((before.price - last.price) * 100) / 100;
  return `Price dropped ${formatPrice(drop)} on ${dropDay.format(at)}`;
}
