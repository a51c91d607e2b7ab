/** What a loan for a car costs: the usual annuity, paid monthly (docs/product.md, "Car detail"). */
export interface Loan {
  price: number;
  deposit: number;
  termMonths: number;
  /** Yearly, in percent. */
  aprPercent: number;
}

export interface LoanCost {
  monthly: number;
  /** Deposit and every monthly payment. */
  total: number;
  interest: number;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

export function loanCost({ price, deposit, termMonths, aprPercent }: Loan): LoanCost {
  const borrowed = price - deposit;
  const rate = aprPercent / 100 / 12;
  const monthly = rate === 0 ? borrowed / termMonths : (borrowed * rate) / (1 - (1 + rate) ** -termMonths);
  const total = deposit + monthly * termMonths;
  return { monthly: cents(monthly), total: cents(total), interest: cents(total - price) };
}

export const TERMS = [12, 24, 36, 48, 60, 72, 84] as const;

/** The nearest term offered to the site's default. */
export function termNear(months: number): number {
  return TERMS.reduce((best, term) => (Math.abs(term - months) < Math.abs(best - months) ? term : best), TERMS[0]);
}
