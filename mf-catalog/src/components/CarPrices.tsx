import styled from 'styled-components';
import type { Car } from '@usedcars/shared-contract';
import { PriceDrop, formatPrice, theme } from '@usedcars/shared-ui';

/** The card's list is small in a grid; the car's page shows the same list larger. */
const SIZES = {
  card: { gap: '4px 24px', margin: '0', label: '13px', price: '17px', current: '22px' },
  page: { gap: '8px 32px', margin: '16px 0', label: '14px', price: '20px', current: '28px' },
} as const;

/** Both prices, side by side; the current one stands out since it is what the buyer pays. */
const Prices = styled.dl<{ $size: keyof typeof SIZES }>`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ $size }) => SIZES[$size].gap};
  margin: ${({ $size }) => SIZES[$size].margin};
  dt {
    font-size: ${({ $size }) => SIZES[$size].label};
    color: ${theme.color.muted};
  }
  dd {
    margin: 0;
    font-size: ${({ $size }) => SIZES[$size].price};
    white-space: nowrap;
    font-weight: 600;
  }
  .current dd {
    font-size: ${({ $size }) => SIZES[$size].current};
    font-weight: 700;
    color: ${theme.color.brand};
  }
`;

/** A car's two prices, the current one first, and its latest price drop below them. */
export function CarPrices({ car, size }: { car: Car; size: keyof typeof SIZES }) {
  return (
    <>
      <Prices $size={size}>
        <div className="current">
          <dt>Current price</dt>
          <dd>{formatPrice(car.currentPrice)}</dd>
        </div>
        <div>
          <dt>Original price</dt>
          <dd>{formatPrice(car.price)}</dd>
        </div>
      </Prices>
      <PriceDrop priceHistory={car.priceHistory} />
    </>
  );
}
