import type { Car } from '@usedcars/shared-contract';
import { PriceDrop, formatPrice } from '@usedcars/shared-ui';

/**
 * A car's two prices, the current one first (class `current`, for the caller's styles to make it
 * stand out), and its latest price drop below them; the card and the car's page style the list.
 */
export function CarPrices({ car, className }: { car: Car; className?: string }) {
  return (
    <>
      <dl className={className}>
        <div className="current">
          <dt>Current price</dt>
          <dd>{formatPrice(car.currentPrice)}</dd>
        </div>
        <div>
          <dt>Original price</dt>
          <dd>{formatPrice(car.price)}</dd>
        </div>
      </dl>
      <PriceDrop priceHistory={car.priceHistory} />
    </>
  );
}
