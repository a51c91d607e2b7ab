/**
 * Prices are dollars (docs/product.md, "Limits and timings"). One formatter for the catalog's
 * cards and checkout's booking form, so a car costs the same on both. Whole dollars, the usual
 * case, show no cents.
 */
const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

export function formatPrice(amount: number): string {
  return (Number.isInteger(amount) ? wholeDollars : withCents).format(amount);
}
