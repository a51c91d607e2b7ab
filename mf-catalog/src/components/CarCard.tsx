import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { carDetailPath, type Car } from '@usedcars/shared-contract';
import { carImageUrl } from '@usedcars/shared-api/cars';
import { focusRing, theme } from '@usedcars/shared-ui';
import { Picture as CarPicture } from '@usedcars/shared-ui/picture';
import { CarActions, type OpenBooking } from './CarActions';
import { SaveCarButton } from './SaveCarButton';
import { StatusBadge } from './StatusBadge';
import { CarFacts, type CarFact } from './CarFacts';
import { CarPrices } from './CarPrices';
import { CompareButton } from './CompareButton';
import { DealBadge } from '@usedcars/shared-ui/deal';

export const CardShell = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  height: 100%;
  background: ${theme.color.surface};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  overflow: hidden;
`;

export const Picture = styled.div`
  position: relative;
  aspect-ratio: 16 / 10;
  background: ${theme.color.line};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Badge = styled(StatusBadge)`
  position: absolute;
  top: 12px;
  left: 12px;
`;

const Save = styled(SaveCarButton)`
  position: absolute;
  top: 8px;
  right: 8px;
`;

export const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: 12px;
  padding: 16px 18px 18px;
`;

const Name = styled.h3`
  margin: 0;
  overflow-wrap: anywhere;
  font-size: 19px;
  a {
    color: ${theme.color.ink};
    text-decoration: none;
    ${focusRing};
  }
  a:hover {
    color: ${theme.color.brand};
    text-decoration: underline;
  }
`;

const Facts = styled(CarFacts)`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 4px 12px;
  margin: 0;
  font-size: 14px;
  dt {
    color: ${theme.color.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const CARD_FACTS: readonly CarFact[] = ['mileage', 'fuel', 'gearbox', 'location', 'used', 'posted', 'sellerName'];

const Actions = styled.div`
  display: grid;
  gap: 8px;
  margin-top: auto;
  padding-top: 4px;
  > a,
  > button,
  > div > button {
    width: 100%;
  }
`;

/** The market's rating, or nothing for a car without one yet (its page says why). */
const Rating = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  min-height: 44px;
`;

/**
 * How wide a card's picture is rendered: the brand list's grid (CarGrid) in the page's container
 * (16 px gutters, at most 1310 px): one column below 616 px, then two, three, four of 280 px or
 * more with 24 px gaps (docs/performance.md, "Pictures").
 */
const CARD_SIZES = '(max-width: 615px) calc(100vw - 32px), (max-width: 919px) calc(50vw - 28px), (max-width: 1223px) calc(33.3vw - 27px), 310px';

/**
 * One car of a brand list (docs/product.md, "Brand list"): image, name, location, original and current price,
 * used, posted and seller. The name always leads to the car's page; the button below is
 * Book Now for a Buyer and More Details for everyone else.
 */
export function CarCard({ car, onBook, picture }: { car: Car; onBook: OpenBooking; picture?: 'priority' | 'eager' }) {
  const titleId = useId();
  return (
    <CardShell aria-labelledby={titleId}>
      <Picture>
        <CarPicture
          photo={car.photos?.[0]}
          src={car.img}
          resolveUrl={carImageUrl}
          alt=""
          placeholderLabel={`${car.carName}: no picture`}
          sizes={CARD_SIZES}
          width={400}
          height={250}
          priority={picture === 'priority'}
          eager={picture === 'eager'}
        />
        <Badge status={car.status} />
        <Save car={car} describedBy={titleId} />
      </Picture>
      <Body>
        <Name id={titleId}>
          <Link to={carDetailPath(car.categoryName, car._id)} dir="auto">
            {car.carName}
          </Link>
        </Name>
        <CarPrices car={car} size="card" />
        <Rating>
          {car.market?.rating ? <DealBadge rating={car.market.rating} /> : <span />}
          <CompareButton car={car} describedBy={titleId} />
        </Rating>
        <Facts car={car} facts={CARD_FACTS} />
        <Actions>
          <CarActions car={car} onBook={onBook} describedBy={titleId} />
        </Actions>
      </Body>
    </CardShell>
  );
}
