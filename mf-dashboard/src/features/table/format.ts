/** Prices are whole or fractional dollars (SPEC.md §9: "$ plus the price"). */
export function formatPrice(dollars: number): string {
  return `$${dollars.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}
