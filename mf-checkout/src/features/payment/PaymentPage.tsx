import { Suspense, lazy } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useAuth } from '@usedcars/shared-auth';
import { ApiError } from '@usedcars/shared-api';
import { CANCEL_REASON_LABELS, ORDER_LABELS, ORDER_MESSAGES, SITE_PATHS, soldToAnotherBuyer } from '@usedcars/shared-contract';
import { ErrorPanel, Spinner, focusRing, formatPrice, isRefusal, theme, usePageTitle } from '@usedcars/shared-ui';
import { useBooking, usePaymentConfig } from './paymentQueries';
import TestCheckout from './TestCheckout';

// Stripe.js and its React bindings load only when the stripe gateway is configured.
const StripeCheckout = lazy(() => import('./StripeCheckout'));

function problemText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return 'We could not find this booking.';
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/** Payment at /dashboard/payment/{id} (docs/product.md, "Payment"): the booking's price, a card form and a Pay button. */
export default function PaymentPage() {
  usePageTitle('Dashboard');
  const { id = '' } = useParams();
  const booking = useBooking(id);
  const config = usePaymentConfig();
  const userEmail = useAuth((state) => state.user?.email);

  if (booking.isPending) return <Spinner label="Loading the booking…" />;
  if (booking.isError) {
    return (
      <Page>
        <h2>Payment</h2>
        {/* A refusal (not found, not yours) would be refused the same way again: no Try again for it. */}
        <ErrorPanel
          message={problemText(booking.error)}
          onRetry={isRefusal(booking.error) ? undefined : () => void booking.refetch()}
          retrying={booking.isFetching}
          retryLabel="Try again"
        />
        <BackLink to={SITE_PATHS.dashboard}>Back to My Orders</BackLink>
      </Page>
    );
  }

  const order = booking.data;
  const email = userEmail ?? order.email;
  return (
    <Page>
      <h2>
        Payment for <bdi>{order.carName}</bdi>
      </h2>
      <Price>{`Please pay ${formatPrice(order.currentPrice)}`}</Price>
      {order.paid ? (
        <Standing $tone="paid" role="status">
          <strong>Paid.</strong> {ORDER_MESSAGES.alreadyPaid}
          {order.transactionId && <Muted> Transaction {order.transactionId}</Muted>}
          <BackLink to={SITE_PATHS.dashboard}>Back to My Orders</BackLink>
        </Standing>
      ) : order.cancelReason ? (
        // Ending the listing cancelled the booking: the server would refuse the payment.
        <Standing $tone="closed" role="status">
          {`${ORDER_LABELS.cancelled}. ${CANCEL_REASON_LABELS[order.cancelReason]}: nothing to pay for this booking.`}
          <BackLink to={SITE_PATHS.dashboard}>Back to My Orders</BackLink>
        </Standing>
      ) : soldToAnotherBuyer(order) ? (
        // The server would refuse the payment anyway (the order flow has no way out of sold);
        // say so before anyone types a card number.
        <Standing $tone="closed" role="status">
          {ORDER_MESSAGES.sold}: nothing to pay for this booking.
          <BackLink to={SITE_PATHS.dashboard}>Back to My Orders</BackLink>
        </Standing>
      ) : config.isPending ? (
        <Spinner label="Loading the card form…" />
      ) : config.isError ? (
        <ErrorPanel
          message={problemText(config.error)}
          onRetry={isRefusal(config.error) ? undefined : () => void config.refetch()}
          retrying={config.isFetching}
          retryLabel="Try again"
        />
      ) : config.data.gateway === 'stripe' ? (
        <Suspense fallback={<Spinner label="Loading the card form…" />}>
          <StripeCheckout booking={order} email={email} publishableKey={config.data.publishableKey} />
        </Suspense>
      ) : (
        <TestCheckout booking={order} email={email} />
      )}
    </Page>
  );
}

const Page = styled.section`
  display: grid;
  /* The column is the page's width, never its widest content's: a car's long name breaks inside it. */
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
  padding: 8px 0 32px;
  h2 {
    margin: 0;
    color: ${theme.color.ink};
  }
`;

const Price = styled.p`
  margin: 0;
  font-size: 18px;
  color: ${theme.color.ink};
`;

/** Where the booking stands when there is nothing to pay: paid (green), or closed (neutral). */
const Standing = styled.div<{ $tone: 'paid' | 'closed' }>`
  display: grid;
  gap: 8px;
  max-width: 520px;
  padding: 14px 16px;
  border-radius: ${theme.radius};
  background: ${(p) => (p.$tone === 'paid' ? theme.color.successBg : theme.color.canvas)};
  border: 1px solid ${(p) => (p.$tone === 'paid' ? theme.color.successLine : theme.color.line)};
  color: ${(p) => (p.$tone === 'paid' ? theme.color.success : theme.color.ink)};
`;

const Muted = styled.span`
  color: ${theme.color.muted};
  font-size: 13px;
  word-break: break-all;
`;

const BackLink = styled(Link)`
  color: ${theme.color.brand};
  font-weight: 600;
  ${focusRing};
`;
