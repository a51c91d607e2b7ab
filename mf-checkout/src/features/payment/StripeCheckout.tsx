import { useState } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { type Stripe, loadStripe } from '@stripe/stripe-js';
import styled from 'styled-components';
import { type Booking, CARD_MESSAGES } from '@usedcars/shared-contract';
import { CheckoutForm, type ConfirmResult } from './CheckoutForm';

/**
 * The page with the stripe gateway: Stripe Elements' CardElement and confirmCardPayment. This
 * module is loaded only when the API says Stripe is configured, so the test-mode page never
 * downloads Stripe.js.
 */

// One Stripe.js per key for the page's lifetime, as Stripe asks (loadStripe outside render).
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

export interface StripeCheckoutProps {
  booking: Booking;
  email: string;
  publishableKey: string;
}

export default function StripeCheckout({ publishableKey, ...props }: StripeCheckoutProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCard {...props} />
    </Elements>
  );
}

function StripeCard({ booking, email }: Omit<StripeCheckoutProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [elementReady, setElementReady] = useState(false);

  async function confirmCard(clientSecret: string): Promise<ConfirmResult> {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return { error: { message: 'The card form is not ready yet; try again in a moment.' } };
    const { paymentIntent, error } = await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card, billing_details: { name: booking.name, email } },
    });
    if (error) return { error: { message: error.message ?? CARD_MESSAGES.declined } };
    return { paymentIntent: { id: paymentIntent.id, status: paymentIntent.status } };
  }

  return (
    <CheckoutForm
      booking={booking}
      email={email}
      cardReady={Boolean(stripe && elements && elementReady)}
      confirmCard={confirmCard}
      renderCard={(reportCardError) => (
        <CardBox>
          <CardElement
            options={{ hidePostalCode: true, style: { base: { fontSize: '16px', color: '#32325d' }, invalid: { color: '#fa755a' } } }}
            onReady={() => setElementReady(true)}
            onChange={(event) => reportCardError(event.error?.message)}
          />
        </CardBox>
      )}
    />
  );
}

const CardBox = styled.div`
  width: min(100%, 480px);
  padding: 12px;
  background: #fff;
  border: 1px solid #cfd7df;
  border-radius: 4px;
`;
