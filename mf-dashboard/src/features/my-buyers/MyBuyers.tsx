import styled from 'styled-components';
import { ORDER_LABELS, bookingStatus, soldToAnotherBuyer, type Booking } from '@usedcars/shared-contract';
import { formatPrice, theme, usePageTitle } from '@usedcars/shared-ui';
import { DataTable, type Column } from '../../components/DataTable';
import { CancelledMark } from '../../components/CancelledMark';
import { PaidMark } from '../../components/PaidMark';
import { SoldToAnotherMark } from '../../components/SoldToAnotherMark';
import { useMyBuyers } from './useMyBuyers';

const columns: Column<Booking>[] = [
  { header: 'Sl No', cell: (_, index) => index + 1, nowrap: true },
  { header: 'Buyer', cell: (booking) => booking.name, text: true, card: 'title' },
  { header: 'Email', cell: (booking) => <a href={`mailto:${booking.email}`}>{booking.email}</a>, card: 'row' },
  { header: 'Phone', cell: (booking) => <a href={`tel:${booking.phone.replace(/[^+\d]/g, '')}`}>{booking.phone}</a>, card: 'row' },
  { header: 'Meeting address', cell: (booking) => booking.address, text: true, card: 'row' },
  { header: 'Car', cell: (booking) => booking.carName, text: true },
  { header: 'Price', cell: (booking) => formatPrice(booking.currentPrice), align: 'end', nowrap: true },
  { header: 'Paid', cell: (booking) => <PaymentState booking={booking} />, nowrap: true },
];

/** Paid, not paid yet, not paid because another buyer bought the car first, or cancelled as the seller ended the listing. */
function PaymentState({ booking }: { booking: Booking }) {
  const status = bookingStatus(booking);
  if (status === 'paid') return <PaidMark />;
  if (status === 'cancelled') return <CancelledMark />;
  if (soldToAnotherBuyer(booking)) return <SoldToAnotherMark />;
  return <Unpaid>{ORDER_LABELS.notPaid}</Unpaid>;
}

/**
 * My Buyers (docs/product.md, "My Buyers"): who booked
 * which of the seller's cars, how to reach them, and whether they have paid (or lost the car to
 * the buyer who paid first).
 */
export function MyBuyers() {
  usePageTitle('Dashboard');
  const buyers = useMyBuyers();
  return (
    <>
      <h1>My Buyers</h1>
      <DataTable caption="Bookings of my cars" columns={columns} query={buyers} empty={<p>Nobody has booked one of your cars yet.</p>} />
    </>
  );
}

const Unpaid = styled.span`
  color: ${theme.color.muted};
`;
