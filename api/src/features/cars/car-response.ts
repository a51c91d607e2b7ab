import {
  type Body,
  type CarResponse,
  type CarPhoto,
  type CarStatus,
  type Category,
  type Colour,
  type DealRating,
  type Fuel,
  type Gearbox,
  LISTING_ENDINGS,
  type ListingEnding,
} from '@usedcars/shared-contract';
import type { CarRow } from '../../db/schema';

/** A car row as the API returns it, with its photos. */
export function toCar(row: CarRow, photos: CarPhoto[] = []): CarResponse {
  return {
    _id: row.id,
    carName: row.carName,
    img: row.img,
    currentPrice: row.currentPrice,
    price: row.price,
    purchaseYear: row.purchaseYear,
    condition: row.condition,
    contact: row.contact,
    details: row.details,
    location: row.location,
    used: row.used,
    sellerName: row.sellerName,
    time: row.time,
    categoryName: row.category as Category,
    status: row.status as CarStatus,
    photos,
    priceHistory: row.priceHistory,
    mileage: row.mileage,
    fuel: row.fuel as Fuel | null,
    gearbox: row.gearbox as Gearbox | null,
    body: row.body as Body | null,
    colour: row.colour as Colour | null,
    previousOwners: row.previousOwners,
    market: { estimate: row.marketEstimate, comparables: row.marketComparables, rating: row.dealRating as DealRating | null },
    ...(row.hiddenBy ? { hiddenReason: row.hiddenReason ?? '' } : {}),
  };
}

/** Why a car is no longer shown (hidden by moderation, or ended by its seller), or null while it is. */
export function removedAs(row: Pick<CarRow, 'hiddenBy' | 'status'>): 'hidden' | ListingEnding | null {
  if (row.hiddenBy) return 'hidden';
  return (LISTING_ENDINGS as readonly string[]).includes(row.status) ? (row.status as ListingEnding) : null;
}
