import type { ReactNode } from 'react';
import { factLabel, formatMileage, formatOwners, type Car, type MileageUnit } from '@usedcars/shared-contract';

/** One row of the comparison: its label, and each car's value as text (what "the cars differ" is judged by). */
export interface CompareRow {
  label: string;
  text: (car: Car, unit: MileageUnit) => string;
  /** Shown instead of the text when richer (the price with its rating). */
  render?: (car: Car, unit: MileageUnit) => ReactNode;
  /** The seller's own words, which follow their own direction. */
  sellersWords?: boolean;
}

/** Every fact of a car, in the order its page lists them. */
export function factRows(posted: (time: string) => string): CompareRow[] {
  return [
    { label: 'Purchase year', text: (car) => car.purchaseYear },
    { label: 'Mileage', text: (car, unit) => formatMileage(car.mileage, unit) },
    { label: 'Fuel', text: (car) => factLabel('fuel', car.fuel) },
    { label: 'Gearbox', text: (car) => factLabel('gearbox', car.gearbox) },
    { label: 'Body', text: (car) => factLabel('body', car.body) },
    { label: 'Colour', text: (car) => factLabel('colour', car.colour) },
    { label: 'Previous owners', text: (car) => formatOwners(car.previousOwners) },
    { label: 'Condition', text: (car) => car.condition, sellersWords: true },
    { label: 'Used', text: (car) => car.used, sellersWords: true },
    { label: 'Location', text: (car) => car.location, sellersWords: true },
    { label: 'Seller', text: (car) => car.sellerName, sellersWords: true },
    { label: 'Posted', text: (car) => posted(car.time) },
  ];
}
