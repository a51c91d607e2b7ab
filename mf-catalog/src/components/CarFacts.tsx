import { Fragment, type ReactNode } from 'react';
import { factLabel, formatMileage, formatOwners, type Car, type MileageUnit } from '@usedcars/shared-contract';
import { useSiteSettings } from '../hooks/useSiteSettings';
import { formatPosted } from '../lib/format';

/** How each fact of a car is labelled and shown; the seller's own words follow their direction. A listing without a fact says "Not stated". */
const FACTS = {
  mileage: { label: 'Mileage', value: (car: Car, unit: MileageUnit): ReactNode => formatMileage(car.mileage, unit), sellersWords: false },
  fuel: { label: 'Fuel', value: (car: Car): ReactNode => factLabel('fuel', car.fuel), sellersWords: false },
  gearbox: { label: 'Gearbox', value: (car: Car): ReactNode => factLabel('gearbox', car.gearbox), sellersWords: false },
  body: { label: 'Body', value: (car: Car): ReactNode => factLabel('body', car.body), sellersWords: false },
  colour: { label: 'Colour', value: (car: Car): ReactNode => factLabel('colour', car.colour), sellersWords: false },
  previousOwners: { label: 'Previous owners', value: (car: Car): ReactNode => formatOwners(car.previousOwners), sellersWords: false },
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
  const { mileageUnit } = useSiteSettings();
  return (
    <dl className={className}>
      {facts.map((fact) => (
        <Fragment key={fact}>
          <dt>{FACTS[fact].label}</dt>
          <dd dir={FACTS[fact].sellersWords ? 'auto' : undefined}>{FACTS[fact].value(car, mileageUnit)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
