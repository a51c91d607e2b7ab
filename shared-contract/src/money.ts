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
