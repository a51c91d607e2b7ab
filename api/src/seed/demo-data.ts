import type { Body, Category, Colour, Fuel, MileageUnit } from '@usedcars/shared-contract';
import type { BodyStyle, Paint } from './car-art';

export interface Model {
  name: string;
  style: BodyStyle;
  /** Price new, in dollars. */
  msrp: number;
}

export const MODELS: Record<Category, Model[]> = {
  audi: [
    { name: 'Audi A3 Sportback 40 TFSI', style: 'hatchback', msrp: 36900 },
    { name: 'Audi A3 2.0 TFSI Premium', style: 'sedan', msrp: 35400 },
    { name: 'Audi A4 2.0 TFSI Premium', style: 'sedan', msrp: 41200 },
    { name: 'Audi A4 allroad 45 TFSI', style: 'wagon', msrp: 47900 },
    { name: 'Audi A5 Coupe 45 TFSI quattro', style: 'coupe', msrp: 48800 },
    { name: 'Audi A6 55 TFSI Prestige', style: 'sedan', msrp: 65900 },
    { name: 'Audi Q3 40 TFSI Premium', style: 'suv', msrp: 38700 },
    { name: 'Audi Q5 45 TFSI Premium Plus', style: 'suv', msrp: 50300 },
    { name: 'Audi Q7 55 TFSI quattro', style: 'suv', msrp: 63800 },
    { name: 'Audi S4 3.0 TFSI', style: 'sedan', msrp: 54900 },
    { name: 'Audi TT Coupe 2.0 TFSI', style: 'coupe', msrp: 51700 },
    { name: 'Audi RS 5 Sportback', style: 'coupe', msrp: 78900 },
  ],
  honda: [
    { name: 'Honda Civic EX', style: 'sedan', msrp: 26400 },
    { name: 'Honda Civic Sport Hatchback', style: 'hatchback', msrp: 27300 },
    { name: 'Honda Civic Si', style: 'sedan', msrp: 29800 },
    { name: 'Honda Accord LX', style: 'sedan', msrp: 28400 },
    { name: 'Honda Accord Sport 2.0T', style: 'sedan', msrp: 33600 },
    { name: 'Honda Fit EX', style: 'hatchback', msrp: 19700 },
    { name: 'Honda HR-V EX-L', style: 'suv', msrp: 28900 },
    { name: 'Honda CR-V EX', style: 'suv', msrp: 32400 },
    { name: 'Honda CR-V Hybrid Sport Touring', style: 'suv', msrp: 40200 },
    { name: 'Honda Pilot EX-L', style: 'suv', msrp: 44100 },
    { name: 'Honda Passport TrailSport', style: 'suv', msrp: 43800 },
    { name: 'Honda Odyssey EX-L', style: 'wagon', msrp: 42600 },
  ],
  mercedes: [
    { name: 'Mercedes-Benz A 220 Sedan', style: 'sedan', msrp: 37600 },
    { name: 'Mercedes-Benz C 300 Sedan', style: 'sedan', msrp: 46950 },
    { name: 'Mercedes-Benz C 300 Coupe', style: 'coupe', msrp: 50600 },
    { name: 'Mercedes-Benz E 350 4MATIC', style: 'sedan', msrp: 62300 },
    { name: 'Mercedes-Benz E 450 All-Terrain', style: 'wagon', msrp: 71300 },
    { name: 'Mercedes-Benz CLA 250 Coupe', style: 'coupe', msrp: 43850 },
    { name: 'Mercedes-Benz GLA 250', style: 'suv', msrp: 41300 },
    { name: 'Mercedes-Benz GLC 300 4MATIC', style: 'suv', msrp: 50250 },
    { name: 'Mercedes-Benz GLE 350', style: 'suv', msrp: 62200 },
    { name: 'Mercedes-Benz GLS 450', style: 'suv', msrp: 88000 },
    { name: 'Mercedes-Benz S 500 4MATIC', style: 'sedan', msrp: 117300 },
    { name: 'Mercedes-AMG C 43', style: 'sedan', msrp: 61050 },
  ],
};

export const CITIES = [
  'San Francisco, CA',
  'Los Angeles, CA',
  'San Diego, CA',
  'Seattle, WA',
  'Portland, OR',
  'Denver, CO',
  'Phoenix, AZ',
  'Austin, TX',
  'Dallas, TX',
  'Houston, TX',
  'Chicago, IL',
  'Minneapolis, MN',
  'Detroit, MI',
  'Atlanta, GA',
  'Miami, FL',
  'Orlando, FL',
  'Charlotte, NC',
  'Nashville, TN',
  'Boston, MA',
  'New York, NY',
  'Philadelphia, PA',
  'Pittsburgh, PA',
  'Baltimore, MD',
  'Salt Lake City, UT',
];

export const CONDITIONS = ['Excellent', 'Very good', 'Good', 'Fair'];

export const DETAILS = [
  'One owner, full dealer service history, non-smoker. New tires last spring.',
  'Clean title, no accidents. Heated seats, Apple CarPlay, backup camera.',
  'Garage kept, highway miles. Recent brake pads and oil change, two keys.',
  'Well maintained with records. Minor scratch on the rear bumper, otherwise spotless.',
  'Adaptive cruise control, lane assist, panoramic sunroof. Timing belt done.',
  'Family car, always serviced on time. All-weather mats and roof rails included.',
];

export const DEMO_PASSWORD_DEFAULT = 'usedcars-demo';

export interface DemoAccount {
  email: string;
  name: string;
  role: 'admin' | 'Seller' | 'Buyer';
  /** Whether it gets a sign-in account in the emulator. */
  signIn: boolean;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'admin@usedcars.test', name: 'Demo Admin', role: 'admin', signIn: true },
  { email: 'seller@usedcars.test', name: 'Demo Seller', role: 'Seller', signIn: true },
  { email: 'buyer@usedcars.test', name: 'Demo Buyer', role: 'Buyer', signIn: true },
  // Other sellers so the lists are not all one person's, and the demo seller's cars have other sellers' to be rated against; they cannot sign in.
  { email: 'rita.gomez@usedcars.test', name: 'Rita Gomez', role: 'Seller', signIn: false },
  { email: 'sam.patel@usedcars.test', name: 'Sam Patel', role: 'Seller', signIn: false },
  { email: 'lena.fischer@usedcars.test', name: 'Lena Fischer', role: 'Seller', signIn: false },
  { email: 'omar.haddad@usedcars.test', name: 'Omar Haddad', role: 'Seller', signIn: false },
  { email: 'grace.kim@usedcars.test', name: 'Grace Kim', role: 'Seller', signIn: false },
];

/** Share of each brand's cars by fuel, in FUELS order (petrol, diesel, hybrid, electric): as each brand's used stock runs. */
export const FUEL_MIX: Record<Category, [number, number, number, number]> = {
  audi: [0.7, 0.18, 0.07, 0.05],
  honda: [0.68, 0, 0.28, 0.04],
  mercedes: [0.58, 0.27, 0.1, 0.05],
};
const FUEL_ORDER: Fuel[] = ['petrol', 'diesel', 'hybrid', 'electric'];

/** Share of each brand's cars with a manual gearbox. */
const MANUAL_SHARE: Record<Category, number> = { audi: 0.12, honda: 0.25, mercedes: 0.03 };

/** A year's driving: about 12,000 miles, or 19,000 km. */
const PER_YEAR: Record<MileageUnit, number> = { mi: 12_000, km: 19_000 };

export const BODY_OF_STYLE: Record<BodyStyle, Body> = { sedan: 'saloon', suv: 'suv', hatchback: 'hatchback', coupe: 'coupe', wagon: 'estate' };
export const COLOUR_OF_PAINT: Record<Paint, Colour> = {
  black: 'black',
  white: 'white',
  silver: 'silver',
  blue: 'blue',
  red: 'red',
  green: 'green',
  grey: 'grey',
  sand: 'beige',
};

/** A fuel for a car of the model by the brand's mix (a model named hybrid is one); `chance` is 0–1. */
export function fuelOf(category: Category, model: Model, chance: number): Fuel {
  if (/hybrid/i.test(model.name)) return 'hybrid';
  let left = chance;
  for (const [index, share] of FUEL_MIX[category].entries()) {
    if (left < share) return FUEL_ORDER[index]!;
    left -= share;
  }
  return 'petrol';
}

export function gearboxOf(category: Category, model: Model, chance: number): 'manual' | 'automatic' {
  return / Si$|TT /.test(model.name) || chance < MANUAL_SHARE[category] ? 'manual' : 'automatic';
}

/** Mileage follows age, each car driven a little more or less than most (`chance` 0–1). */
export function mileageOf(age: number, unit: MileageUnit, chance: number): number {
  return Math.round((Math.max(age, 0.5) * PER_YEAR[unit] * (0.75 + chance * 0.5)) / 100) * 100;
}

/** A new car's first owner, and another every few years. */
export function ownersOf(age: number, chance: number): number {
  return 1 + Math.floor((age * (0.5 + chance)) / 4);
}
