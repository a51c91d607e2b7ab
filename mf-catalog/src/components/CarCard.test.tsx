/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FAKE_TOKEN, fakeApi } from '@usedcars/shared-api/testing';
import { CarCard } from './CarCard';
import { makeCar, renderAt, signInAs } from '../testing/renderCatalog';

const api = fakeApi();

// The buyer's saved cars: none.
beforeEach(() => api.reply('GET', '/favourites', 200, { cars: [], gone: [] }));

test('a Buyer sees Book Now, which opens the booking for this car', async () => {
  signInAs('Buyer');
  const car = makeCar({ carName: 'Audi Q5 45 TFSI Premium Plus' });
  const onBook = jest.fn();
  renderAt('/audis', <CarCard car={car} onBook={onBook} />);
  expect(screen.queryByRole('link', { name: 'More Details' })).not.toBeInTheDocument();
  const book = screen.getByRole('button', { name: 'Book Now' });
  expect(book).toHaveAccessibleDescription('Audi Q5 45 TFSI Premium Plus');
  await userEvent.click(book);
  expect(onBook).toHaveBeenCalledWith(car, book);
});

test.each([
  ['a visitor', 'visitor'],
  ['a Seller', 'Seller'],
  ['the admin', 'admin'],
] as const)('%s sees More Details linking to the car, not Book Now', (_, who) => {
  signInAs(who);
  const car = makeCar();
  renderAt('/audis', <CarCard car={car} onBook={jest.fn()} />);
  expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'More Details' })).toHaveAttribute('href', `/audis/${car._id}`);
});

test('More Details of a Mercedes goes to /mercedess/{id}', () => {
  signInAs('Seller');
  const car = makeCar({ categoryName: 'mercedes', carName: 'Mercedes-Benz C 300 Sedan' });
  renderAt('/mercedes', <CarCard car={car} onBook={jest.fn()} />);
  expect(screen.getByRole('link', { name: 'More Details' })).toHaveAttribute('href', `/mercedess/${car._id}`);
  expect(screen.getByRole('link', { name: 'Mercedes-Benz C 300 Sedan' })).toHaveAttribute('href', `/mercedess/${car._id}`);
});

test('the card shows every field of a brand list card', () => {
  signInAs('Buyer');
  const car = makeCar({ location: 'Austin, TX', price: 41200, currentPrice: 24300, used: '6 years', time: '2025-03-02', sellerName: 'Rita Gomez' });
  renderAt('/audis', <CarCard car={car} onBook={jest.fn()} />);
  const card = screen.getByRole('article', { name: car.carName });
  const value = (term: string) => within(card).getByText(term).nextElementSibling?.textContent;
  expect(value('Location')).toBe('Austin, TX');
  expect(value('Original price')).toBe('$41,200');
  expect(value('Current price')).toBe('$24,300');
  expect(value('Used')).toBe('6 years');
  expect(value('Posted')).toBe('Mar 2, 2025');
  expect(value('Seller')).toBe('Rita Gomez');
  expect(card.querySelector('img')).toHaveAttribute('src', `${api.base}/images/cars/sedan-blue.svg`);
});

test('a booked car is marked and still bookable; a sold one says why it cannot be booked', () => {
  signInAs('Buyer');
  const booked = makeCar({ status: 'booked' });
  const sold = makeCar({ status: 'sold' });
  renderAt(
    '/audis',
    <>
      <CarCard car={booked} onBook={jest.fn()} />
      <CarCard car={sold} onBook={jest.fn()} />
    </>,
  );
  const bookedCard = screen.getByRole('article', { name: booked.carName });
  expect(within(bookedCard).getByText('Booked')).toBeInTheDocument();
  expect(within(bookedCard).getByRole('button', { name: 'Book Now' })).toBeEnabled();
  const soldCard = screen.getByRole('article', { name: sold.carName });
  expect(within(soldCard).getByText('Sold')).toBeInTheDocument();
  const button = within(soldCard).getByRole('button', { name: 'Book Now' });
  expect(button).toBeDisabled();
  expect(button).toHaveAccessibleDescription(`${sold.carName} This car has already been sold`);
});

test('a Buyer sees the heart on the card, naming the car', async () => {
  signInAs('Buyer');
  const car = makeCar({ carName: 'Audi Q7 55 TFSI' });
  renderAt('/audis', <CarCard car={car} onBook={jest.fn()} />);
  expect(await screen.findByRole('button', { name: 'Save car' })).toHaveAccessibleDescription('Audi Q7 55 TFSI');
  // Whether it is saved comes from the buyer's own list.
  await waitFor(() => expect(api.sent('GET', '/favourites')[0]?.headers.authorization).toBe(`Bearer ${FAKE_TOKEN}`));
  expect(api.undeclared).toEqual([]);
});

test('a card whose price was last cut says by how much and when', () => {
  signInAs('Seller');
  const priceHistory = [
    { price: 26000, at: '2026-11-01T09:00:00.000Z' },
    { price: 24800, at: '2026-11-20T10:00:00.000Z' },
  ];
  renderAt('/audis', <CarCard car={makeCar({ currentPrice: 24800, priceHistory })} onBook={jest.fn()} />);
  expect(screen.getByText('Price dropped $1,200 on Nov 20')).toBeInTheDocument();
});

test('a card whose price never changed has no price-drop line', () => {
  signInAs('Seller');
  renderAt('/audis', <CarCard car={makeCar({ priceHistory: [{ price: 24300, at: '2026-11-01T09:00:00.000Z' }] })} onBook={jest.fn()} />);
  expect(screen.queryByText(/Price dropped/)).not.toBeInTheDocument();
});
