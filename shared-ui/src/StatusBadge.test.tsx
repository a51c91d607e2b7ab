import { render, screen } from '@testing-library/react';
import { StatusBadge } from './StatusBadge';

// Written out, not read from CAR_STATUS_LABELS: the words a person reads are what is pinned.
test.each([
  ['available' as const, 'Available'],
  ['booked' as const, 'Booked'],
  ['sold' as const, 'Sold'],
])("a %s car's badge reads %s without being told", (status, text) => {
  render(<StatusBadge status={status} />);
  expect(screen.getByText(text)).toBeInTheDocument();
});
