import { useId } from 'react';
import styled from 'styled-components';
import { ORDER_MESSAGES, canBook, carDetailPath, type Car } from '@usedcars/shared-contract';
import { Button, ButtonLink, theme } from '@usedcars/shared-ui';
import { useIsBuyer } from '../hooks/useIsBuyer';

export type OpenBooking = (car: Car, opener: HTMLElement | null) => void;

const Note = styled.p`
  margin: 6px 0 0;
  font-size: 14px;
  color: ${theme.color.muted};
`;

/**
 * Book Now for a Buyer. A car the order flow will not book any more (sold) keeps the button,
 * disabled, with the reason beside it, so the buyer is not left guessing.
 */
export function BookNowButton({ car, onBook, describedBy }: { car: Car; onBook: OpenBooking; describedBy?: string }) {
  const noteId = useId();
  if (canBook(car.status)) {
    return (
      <Button type="button" aria-describedby={describedBy} onClick={(event) => onBook(car, event.currentTarget)}>
        Book Now
      </Button>
    );
  }
  return (
    <div>
      <Button type="button" disabled aria-describedby={[describedBy, noteId].filter(Boolean).join(' ')}>
        Book Now
      </Button>
      <Note id={noteId}>{ORDER_MESSAGES.sold}</Note>
    </div>
  );
}

/**
 * A card's call to action (docs/product.md, "Brand list"): Book Now for a Buyer, More Details for
 * everyone else. `describedBy` names the car, since every card's button reads the same.
 */
export function CarActions({ car, onBook, describedBy }: { car: Car; onBook: OpenBooking; describedBy: string }) {
  const isBuyer = useIsBuyer();
  if (isBuyer) return <BookNowButton car={car} onBook={onBook} describedBy={describedBy} />;
  return (
    <ButtonLink to={carDetailPath(car.categoryName, car._id)} aria-describedby={describedBy}>
      More Details
    </ButtonLink>
  );
}
