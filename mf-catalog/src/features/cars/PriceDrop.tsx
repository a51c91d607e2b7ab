import styled from 'styled-components';
import { priceDropText } from '@usedcars/shared-contract/money';
import type { Car } from '@usedcars/shared-contract';
import { theme } from '@usedcars/shared-ui';

/** "Price dropped $1,200 on Nov 20" on a card and a car's page, when the last price change was a cut. */
export function PriceDrop({ car, className }: { car: Car; className?: string }) {
  const text = priceDropText(car.priceHistory);
  return text ? <Badge className={className}>{text}</Badge> : null;
}

const Badge = styled.p`
  display: inline-block;
  margin: 0;
  padding: 2px 10px;
  border-radius: 999px;
  background: ${theme.color.successBg};
  color: ${theme.color.success};
  font-size: 13px;
  font-weight: 700;
`;
