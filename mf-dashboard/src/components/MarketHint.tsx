import styled from 'styled-components';
import { dealReason, rateDeal, type MarketEstimate } from '@usedcars/shared-contract';
import { formatPrice } from '@usedcars/shared-contract/money';
import { theme } from '@usedcars/shared-ui';
import { DealBadge } from '@usedcars/shared-ui/deal';

const Hint = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 10px;
  min-height: 28px;
  color: ${theme.color.muted};
  font-size: 14px;
`;

/**
 * What the market makes of the price a seller is setting (docs/product.md, "Deal rating"): the
 * estimate from other sellers' similar cars, and the rating the price would get, as buyers see it.
 */
export function MarketHint({ estimate, price, pending }: { estimate: MarketEstimate | undefined; price: number | undefined; pending?: boolean }) {
  return (
    <Hint role="status" aria-live="polite">
      {pending ? (
        'Checking similar cars…'
      ) : !estimate ? (
        'Fill in the car name, year and mileage to see what similar cars sell for.'
      ) : estimate.estimate === null ? (
        <>
          <DealBadge rating={null} />
          <span>{dealReason(0, { ...estimate, rating: null })}</span>
        </>
      ) : price === undefined || !(price > 0) ? (
        `Similar cars sell for about ${formatPrice(estimate.estimate)} (${estimate.comparables} listed by other sellers).`
      ) : (
        <>
          <DealBadge rating={rateDeal(price, estimate.estimate)} />
          <span>{dealReason(price, { ...estimate, rating: rateDeal(price, estimate.estimate) })}</span>
        </>
      )}
    </Hint>
  );
}
