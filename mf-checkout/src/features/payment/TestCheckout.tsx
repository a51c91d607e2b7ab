import { useState } from 'react';
import styled from 'styled-components';
import { confirmTestCardPayment } from '@usedcars/shared-api/payments';
import { type Booking, cardProblem } from '@usedcars/shared-contract';
import { theme } from '@usedcars/shared-ui';
import { CheckoutForm, type ConfirmResult } from './CheckoutForm';
import { type CardFields, EMPTY_CARD, TestCardElement, cardDetails } from './TestCardElement';

/** The page with the offline test gateway: our card element, confirmed on our own server. */
export default function TestCheckout({ booking, email }: { booking: Booking; email: string }) {
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);

  async function confirmCard(clientSecret: string): Promise<ConfirmResult> {
    const details = cardDetails(card);
    // As Stripe.js does, an unfinished or impossible card is refused before anything is sent.
    const problem = cardProblem(details);
    if (problem) return { error: { message: problem } };
    return confirmTestCardPayment({ clientSecret, ...details });
  }

  return (
    <CheckoutForm
      booking={booking}
      email={email}
      cardReady
      confirmCard={confirmCard}
      notice={
        <TestMode role="note">
          <Badge>TEST MODE</Badge> No real card is charged. Pay with 4242 4242 4242 4242, any future date and any CVC; 4000 0000 0000 0002 is declined.
        </TestMode>
      }
      renderCard={(reportCardError, errorId) => (
        <TestCardElement
          value={card}
          errorId={errorId}
          onChange={(next, error) => {
            setCard(next);
            reportCardError(error);
          }}
        />
      )}
    />
  );
}

const TestMode = styled.p`
  margin: 0;
  padding: 10px 12px;
  border-radius: 6px;
  background: #fff8e6;
  border: 1px solid #f5d48a;
  color: ${theme.color.ink};
  font-size: 14px;
  line-height: 1.5;
`;

const Badge = styled.strong`
  display: inline-block;
  margin-right: 6px;
  padding: 1px 6px;
  border-radius: 4px;
  background: #f5a623;
  /* Dark on the amber: white on it was under 2:1, unreadable for many. */
  color: ${theme.color.ink};
  font-size: 11px;
  letter-spacing: 0.05em;
`;
