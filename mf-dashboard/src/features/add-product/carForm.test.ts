import { listingFormSchema } from '@usedcars/shared-contract';
import { initialValues, today, toCarInput, validateCar, type CarFormValues } from './carForm';

const filled: CarFormValues = {
  ...initialValues('Dana Driver', new Date(2025, 5, 9)),
  carName: 'Audi A4',
  img: 'https://example.test/a4.jpg',
  currentPrice: '21500',
  price: '41200.50',
  purchaseYear: '2019',
  condition: 'Good',
  contact: '+1 415 555 0100',
  details: 'One owner.',
  location: 'Austin',
  used: '4 years',
  mileage: '45,000',
  fuel: 'diesel',
  gearbox: 'automatic',
  body: 'estate',
  colour: 'silver',
  previousOwners: '2',
};

test('starts with the first category, the display name and today', () => {
  expect(initialValues('Dana Driver', new Date(2025, 5, 9))).toMatchObject({ categoryName: 'audi', sellerName: 'Dana Driver', time: '2025-06-09' });
  expect(today(new Date(2025, 0, 2))).toBe('2025-01-02');
});

test('a complete form is exactly what the API schema accepts, prices as numbers', () => {
  const result = validateCar(filled);
  expect(result.errors).toBeNull();
  expect(result.data).toEqual(listingFormSchema.parse(toCarInput(filled)));
  expect(result.data).toMatchObject({ currentPrice: 21500, price: 41200.5, time: '2025-06-09', mileage: 45_000, fuel: 'diesel', previousOwners: 2 });
});

test('messages name the field by its label', () => {
  const { errors } = validateCar({ ...initialValues(''), img: 'ftp://x', currentPrice: '-3', time: 'soon' });
  expect(errors).toMatchObject({
    carName: 'Car name is required',
    img: 'Image link must be an http(s) link or a path starting with /images/',
    currentPrice: 'Current price must be a positive number',
    price: 'Original price is required',
    sellerName: 'Seller name is required',
    time: 'Posted on must be a date (YYYY-MM-DD)',
    mileage: 'Mileage is required',
    fuel: 'Fuel is required',
    previousOwners: 'Previous owners is required',
  });
  expect(errors).not.toHaveProperty('categoryName');
});
