import { Fragment, type ReactNode } from 'react';
import type { Car } from '@usedcars/shared-contract';
import { formatPosted } from '../lib/format';

/** How each fact of a car is labelled and shown; the seller's own words follow their direction. */
const FACTS = {
  details: { label: 'Details', value: (car: Car): ReactNode => car.details, sellersWords: true },
  condition: { label: 'Condition', value: (car: Car): ReactNode => car.condition, sellersWords: true },
  purchaseYear: { label: 'Purchase year', value: (car: Car): ReactNode => car.purchaseYear, sellersWords: false },
  used: { label: 'Used', value: (car: Car): ReactNode => car.used, sellersWords: true },
  location: { label: 'Location', value: (car: Car): ReactNode => car.location, sellersWords: true },
  contact: { label: 'Contact', value: (car: Car): ReactNode => car.contact, sellersWords: true },
  sellerName: { label: 'Seller', value: (car: Car): ReactNode => car.sellerName, sellersWords: true },
  posted: { label: 'Posted', value: (car: Car): ReactNode => <time dateTime={car.time}>{formatPosted(car.time)}</time>, sellersWords: false },
} as const;

export type CarFact = keyof typeof FACTS;

/** The facts of a car the caller names, in its order, as a description list the caller styles. */
export function CarFacts({ car, facts, className }: { car: Car; facts: readonly CarFact[]; className?: string }) {
  return (
    <dl className={className}>
      {facts.map((fact) => (
        <Fragment key={fact}>
          <dt>{FACTS[fact].label}</dt>
          <dd dir={FACTS[fact].sellersWords ? 'auto' : undefined}>{FACTS[fact].value(car)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
