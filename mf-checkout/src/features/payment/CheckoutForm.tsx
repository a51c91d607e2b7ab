import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { recordPayment } from '@usedcars/shared-api/payments';
import { ORDER_MESSAGES, SITE_PATHS, arrivalNotice, type Booking } from '@usedcars/shared-contract';
import { Button, theme } from '@usedcars/shared-ui';
import { paymentKeys, usePaymentIntent } from './paymentQueries';

/** What confirming the card gave: Stripe.js's confirmCardPayment shape, which the test gateway copies. */
export type ConfirmResult = { paymentIntent: { id: string; status: string }; error?: undefined } | { paymentIntent?: undefined; error: { message: string } };

const PAYMENT_TEXTS = {
  // The product's own words (docs/product.md, "Payment"); tests and the dashboard match them.
  completed: 'Congrats! your payment completed',
  toast: 'Successfully Done',
  processing: 'Your bank is still processing the payment; My Orders shows Paid once it completes.',
} as const;

/**
 * How long the congratulations stay on the payment page before the move to /Dashboard: long
 * enough to read where it was earned. The dashboard repeats it on arrival, so nobody misses it.
 */
export const PAID_PAUSE_MS = 1500;

export interface CheckoutFormProps {
  booking: Booking;
  /** The e-mail POST /payments names (the signed-in person's, which the server checks against the booking). */
  email: string;
  /** The card element is on the page and its provider loaded (Stripe.js, or at once for the test form). */
  cardReady: boolean;
  /**
   * Renders the card element; it reports its own inline message (or none) on every change.
   * errorId names the message under the form while one shows, for the fields' aria-describedby.
   */
  renderCard: (reportCardError: (message: string | undefined) => void, errorId: string | undefined) => ReactNode;
  confirmCard: (clientSecret: string) => Promise<ConfirmResult>;
  /** Shown above the card element (the test gateway's test-mode note). */
  notice?: ReactNode;
}

/**
 * The payment steps, the same for both gateways: ask for an intent, confirm the card with
 * the provider, record the payment when it succeeded, then congratulate and go to /Dashboard,
 * handing the congratulations on in the navigation state for the dashboard to show.
 */
export function CheckoutForm({ booking, email, cardReady, renderCard, confirmCard, notice }: CheckoutFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Mounted only for an unpaid booking (PaymentPage shows a paid one instead).
  const intent = usePaymentIntent(booking._id);
  const clientSecret = intent.data?.clientSecret;
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<string>();
  // Paid is the congratulations showing: only a recorded payment sets that status, and pay()
  // returns early once paid, so nothing clears it.
  const paid = status === PAYMENT_TEXTS.completed;
  const errorId = useId();

  useEffect(() => {
    if (!paid) return;
    const timer = setTimeout(() => navigate(SITE_PATHS.dashboard, { state: arrivalNotice(PAYMENT_TEXTS.completed) }), PAID_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [paid, navigate]);

  const intentRefusal = intent.error instanceof Error ? intent.error.message : undefined;
  useEffect(() => {
    // The provider had taken the money and the server has just recorded it: show the paid booking.
    if (intentRefusal === ORDER_MESSAGES.alreadyPaid) void queryClient.invalidateQueries({ queryKey: paymentKeys.booking(booking._id) });
  }, [intentRefusal, queryClient, booking._id]);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!clientSecret || !cardReady || processing || paid) return;
    setProcessing(true);
    setError(undefined);
    setStatus(undefined);
    try {
      const result = await confirmCard(clientSecret);
      if (result.error) {
        setError(result.error.message);
        return;
      }
      if (result.paymentIntent.status !== 'succeeded') {
        // The provider's webhook records it when it completes.
        setStatus(PAYMENT_TEXTS.processing);
        return;
      }
      const { insertedId } = await recordPayment({ bookingId: booking._id, transactionId: result.paymentIntent.id, email });
      if (insertedId) {
        setStatus(PAYMENT_TEXTS.completed);
        toast.success(PAYMENT_TEXTS.toast);
        // My Orders and the brand lists now read Paid and sold; they refetch when next shown.
        void queryClient.invalidateQueries({ refetchType: 'none' });
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setProcessing(false);
    }
  }

  const shownError = error ?? intentRefusal;
  return (
    <Form onSubmit={pay} aria-label="Card payment" noValidate>
      {notice}
      {renderCard(setError, shownError ? errorId : undefined)}
      {shownError && (
        <CardError id={errorId} role="alert">
          {shownError}
        </CardError>
      )}
      <Button type="submit" disabled={!cardReady || !clientSecret || processing || paid} aria-busy={processing}>
        Pay
      </Button>
      {(processing || intent.isPending) && !shownError && <Status role="status">{processing ? 'Processing your payment…' : 'Preparing the payment…'}</Status>}
      {status && <Done role="status">{status}</Done>}
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
  max-width: 520px;
  justify-items: start;
`;

/** The provider's message in red under the form (docs/product.md, "Payment"). */
const CardError = styled.p`
  margin: 0;
  color: ${theme.color.danger};
  font-size: 14px;
`;

const Status = styled.p`
  margin: 0;
  color: ${theme.color.muted};
  font-size: 14px;
`;

const Done = styled.p`
  margin: 0;
  color: ${theme.color.success};
  font-weight: 600;
`;
