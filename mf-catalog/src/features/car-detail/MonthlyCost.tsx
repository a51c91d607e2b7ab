import { useId, useState } from 'react';
import styled from 'styled-components';
import type { SiteSettings } from '@usedcars/shared-contract';
import { formatPrice, theme } from '@usedcars/shared-ui';
import { TERMS, loanCost, termNear } from '../../lib/finance';

const Box = styled.section`
  margin: 24px 0 0;
  padding: 20px;
  background: ${theme.color.surface};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  h2 {
    margin: 0 0 4px;
    font-size: 20px;
  }
  p {
    margin: 0 0 12px;
    color: ${theme.color.muted};
    font-size: 14px;
  }
`;

const Inputs = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 140px), 1fr));
  gap: 12px 16px;
  label {
    display: grid;
    gap: 4px;
    font-weight: 600;
  }
  input,
  select {
    min-height: 44px;
    padding: 0 10px;
    border: 1px solid ${theme.color.line};
    border-radius: 8px;
    font: inherit;
    width: 100%;
    box-sizing: border-box;
  }
  .error {
    color: ${theme.color.danger};
    font-size: 13px;
    font-weight: 400;
  }
`;

const Result = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 140px), 1fr));
  gap: 8px 16px;
  margin-top: 16px;
  dl {
    margin: 0;
  }
  dt {
    color: ${theme.color.muted};
    font-size: 14px;
  }
  dd {
    margin: 0;
    font-size: 20px;
    font-weight: 700;
    white-space: nowrap;
  }
  .monthly dd {
    color: ${theme.color.brand};
    font-size: 26px;
  }
`;

/** A number as typed ("2,000" and "2000" alike), or NaN. */
const amount = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(/,/g, '')));

/**
 * What the car costs a month (docs/product.md, "Car detail"): deposit, term and interest rate
 * in, starting from the site's settings; the monthly payment and the total out, worked out in the
 * page as the buyer types. A value that cannot be right says why under its field.
 */
export function MonthlyCost({ price, finance }: { price: number; finance: SiteSettings['finance'] }) {
  const id = useId();
  const [deposit, setDeposit] = useState(() => String(Math.round((price * finance.depositPercent) / 100)));
  const [term, setTerm] = useState(() => termNear(finance.termMonths));
  const [apr, setApr] = useState(() => String(finance.aprPercent));

  const depositValue = amount(deposit);
  const aprValue = amount(apr);
  const depositError = !(depositValue >= 0)
    ? 'Enter a deposit of $0 or more'
    : depositValue > price
      ? `The deposit can be at most the price, ${formatPrice(price)}`
      : undefined;
  const aprError = !(aprValue >= 0 && aprValue <= 100) ? 'Enter a rate from 0 to 100 %' : undefined;
  const cost = depositError || aprError ? null : loanCost({ price, deposit: depositValue, termMonths: term, aprPercent: aprValue });

  return (
    <Box aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Monthly cost</h2>
      <p>An estimate for a car loan; your lender's offer decides.</p>
      <Inputs>
        <label htmlFor={`${id}-deposit`}>
          Deposit ($)
          <input
            id={`${id}-deposit`}
            inputMode="decimal"
            value={deposit}
            aria-invalid={Boolean(depositError)}
            aria-describedby={depositError ? `${id}-deposit-error` : undefined}
            onChange={(event) => setDeposit(event.target.value)}
          />
          {depositError ? (
            <span className="error" id={`${id}-deposit-error`}>
              {depositError}
            </span>
          ) : null}
        </label>
        <label htmlFor={`${id}-term`}>
          Term
          <select id={`${id}-term`} value={term} onChange={(event) => setTerm(Number(event.target.value))}>
            {TERMS.map((months) => (
              <option key={months} value={months}>
                {months} months
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${id}-apr`}>
          Interest rate (% a year)
          <input
            id={`${id}-apr`}
            inputMode="decimal"
            value={apr}
            aria-invalid={Boolean(aprError)}
            aria-describedby={aprError ? `${id}-apr-error` : undefined}
            onChange={(event) => setApr(event.target.value)}
          />
          {aprError ? (
            <span className="error" id={`${id}-apr-error`}>
              {aprError}
            </span>
          ) : null}
        </label>
      </Inputs>
      <Result role="status" aria-live="polite">
        <dl className="monthly">
          <dt>Monthly payment</dt>
          <dd>{cost ? formatPrice(cost.monthly) : '—'}</dd>
        </dl>
        <dl>
          <dt>Total cost</dt>
          <dd>{cost ? formatPrice(cost.total) : '—'}</dd>
        </dl>
        <dl>
          <dt>Of which interest</dt>
          <dd>{cost ? formatPrice(cost.interest) : '—'}</dd>
        </dl>
      </Result>
    </Box>
  );
}
