import styled from 'styled-components';
import { dealReason, type Car } from '@usedcars/shared-contract';
import { theme } from '@usedcars/shared-ui';
import { DealBadge } from '@usedcars/shared-ui/deal';

const Verdict = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 10px;
  margin: 8px 0 0;
  font-size: 15px;
  span:last-child {
    color: ${theme.color.muted};
  }
`;

/** The market's rating and why: "Good deal · $1,200 below the $14,300 estimate from 23 similar cars" (docs/product.md, "Deal rating"). */
export function DealVerdict({ car }: { car: Car }) {
  const market = car.market ?? { estimate: null, comparables: 0, rating: null };
  return (
    <Verdict>
      <DealBadge rating={market.rating} />
      <span>{dealReason(car.currentPrice, market)}</span>
    </Verdict>
  );
}
