import { SITE_PATHS, bookingStatus, canPay, soldToAnotherBuyer, type Booking } from '@usedcars/shared-contract';
import { formatPrice, usePageTitle } from '@usedcars/shared-ui';
import { useSignedInEmail } from '../../hooks/useRole';
import { BrandLinks } from '../../components/BrandLinks';
import { CarThumb } from '../../components/CarThumb';
import { SmallButtonLink } from '../../components/SmallButton';
import { CancelledMark } from '../../components/CancelledMark';
import { PaidMark } from '../../components/PaidMark';
import { SoldToAnotherMark } from '../../components/SoldToAnotherMark';
import { DataTable, type Column } from '../../components/DataTable';
import { useMyOrders } from './useMyOrders';

/**
 * PAY NOW shows for a booking that has a price and may still be paid, judged on the car's status
 * as the API returned it: once another buyer has paid for the car, or the seller ended the listing
 * (the booking cancelled), there is nothing to pay.
 */
export function mayPayNow(booking: Booking): boolean {
  return booking.currentPrice > 0 && canPay(booking, booking.carStatus);
}

function OrderStatus({ booking }: { booking: Booking }) {
  const status = bookingStatus(booking);
  if (status === 'paid') return <PaidMark />;
  if (status === 'cancelled' && booking.cancelReason) return <CancelledMark reason={booking.cancelReason} />;
  if (soldToAnotherBuyer(booking)) return <SoldToAnotherMark />;
  if (mayPayNow(booking)) {
    return (
      <SmallButtonLink to={SITE_PATHS.payment(booking._id)} aria-label={`PAY NOW for ${booking.carName}`}>
        PAY NOW
      </SmallButtonLink>
    );
  }
  return <span>Booked</span>;
}

const columns: Column<Booking>[] = [
  { header: 'Sl No', cell: (_, index) => index + 1, nowrap: true },
  { header: 'Image', cell: (booking) => <CarThumb img={booking.img} name={booking.carName} /> },
  { header: 'Title', cell: (booking) => booking.carName, text: true, card: 'title' },
  { header: 'Price', cell: (booking) => formatPrice(booking.currentPrice), align: 'end', nowrap: true },
  { header: 'Status', cell: (booking) => <OrderStatus booking={booking} />, nowrap: true },
];

/** My Orders (docs/product.md, "My Orders"): the dashboard of buyers and of anyone who is neither admin nor Seller. */
export function MyOrders() {
  usePageTitle('Dashboard - orders');
  const orders = useMyOrders(useSignedInEmail());
  return (
    <>
      <h1>My Orders</h1>
      <DataTable
        caption="My orders"
        columns={columns}
        query={orders}
        empty={
          <p>
            You have not booked a car yet. Browse <BrandLinks /> cars and press Book Now.
          </p>
        }
      />
    </>
  );
}
