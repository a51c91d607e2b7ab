import styled from 'styled-components';
import { priceDropText } from '@usedcars/shared-contract/money';
import { theme } from './theme';

/**
 * "Price dropped $1,200 on Nov 20" when a car's last price change was a cut: on the catalog's
 * cards and car page, and in the buyer's Saved cars; nothing otherwise.
 */
export function PriceDrop({ priceHistory, className }: { priceHistory: readonly { price: number; at: string }[] | undefined; className?: string }) {
  const text = priceDropText(priceHistory);
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
