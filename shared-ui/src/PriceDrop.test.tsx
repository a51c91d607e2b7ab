import { render, screen } from '@testing-library/react';
import { PriceDrop } from './PriceDrop';

const listed = { price: 26000, at: '2026-11-01T09:00:00.000Z' };

test('words the last price cut, and shows nothing when there was none', () => {
  const { container, rerender } = render(<PriceDrop priceHistory={[listed, { price: 24800, at: '2026-11-20T12:00:00.000Z' }]} />);
  expect(screen.getByText('Price dropped $1,200 on Nov 20')).toBeInTheDocument();
  rerender(<PriceDrop priceHistory={[listed]} />);
  expect(container).toBeEmptyDOMElement();
  rerender(<PriceDrop priceHistory={undefined} />);
  expect(container).toBeEmptyDOMElement();
});
