import { cleanup, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { PRICE_MAX, type Car } from '@usedcars/shared-contract';
import { authStore } from '@usedcars/shared-auth';
import { expectSellerTextShown, sellerText } from '@usedcars/shared-ui/testing';
import BookingDialog from './BookingDialog';

const car = (carName: string): Car => ({
  _id: '6f1c2a8e-3b1d-4c59-9a47-0d3e5b7c9f12',
  carName,
  img: '/images/cars/suv-blue.svg',
  currentPrice: PRICE_MAX,
  price: PRICE_MAX,
  purchaseYear: '2020',
  condition: 'Very good',
  contact: '+1 (415) 555-0123',
  details: 'One owner.',
  location: 'Denver, CO',
  used: '5 years',
  sellerName: 'Demo Seller',
  time: '2025-03-02',
  categoryName: 'audi',
  status: 'available',
});

test("the dialog shows the car's name and the buyer's name as typed, in their own direction, and the dearest price", () => {
  fc.assert(
    fc.property(sellerText(120), sellerText(100), (carName, buyerName) => {
      authStore.setState({ status: 'signedIn', user: { uid: 'u1', email: 'buyer@usedcars.test', displayName: buyerName }, role: 'Buyer' });
      render(
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <BookingDialog car={car(carName)} onClose={jest.fn()} />
          </MemoryRouter>
        </QueryClientProvider>,
      );
      try {
        const dialog = screen.getByRole('dialog', { name: 'Add your info' });
        expectSellerTextShown(dialog, carName);
        expectSellerTextShown(dialog, buyerName);
        expect(screen.getByLabelText('Car Price')).toHaveValue('$10,000,000');
        expect(screen.getByLabelText('Meeting Address')).toHaveAttribute('dir', 'auto');
      } finally {
        cleanup();
      }
    }),
    { numRuns: 20 },
  );
});
