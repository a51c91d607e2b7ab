import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { Car } from '@usedcars/shared-contract';
import { RemoteComponent, Spinner } from '@usedcars/shared-ui';

/**
 * While checkout's code loads, or if it cannot be reached, its spinner or fallback floats at the
 * bottom of the screen instead of pushing the grid around. The dialog itself opens in the top
 * layer, so this spot does not matter to it.
 */
const Layer = styled.div`
  position: fixed;
  inset-inline: 16px;
  bottom: 16px;
  z-index: 40;
  display: flex;
  justify-content: center;
  pointer-events: none;
  & > * {
    pointer-events: auto;
  }
`;

/**
 * Opens checkout's booking dialog for a car. A page renders `dialog` once and hands `open` to
 * its Book Now buttons.
 */
export function useBookingDialog(): { open: (car: Car, opener: HTMLElement | null) => void; dialog: ReactNode } {
  const [car, setCar] = useState<Car | null>(null);
  /** The Book Now button that opened the dialog; focus goes back to it on close. */
  const opener = useRef<HTMLElement | null>(null);

  const open = useCallback((next: Car, from: HTMLElement | null) => {
    opener.current = from;
    setCar(next);
  }, []);
  const close = useCallback(() => setCar(null), []);

  // Focus returns once the dialog has left the page (a modal dialog keeps it until then).
  useEffect(() => {
    if (car || !opener.current) return;
    opener.current.focus();
    opener.current = null;
  }, [car]);

  // Escape also dismisses the loading spinner or the "not available" fallback. Once the dialog
  // is open, Escape is its own: it asks through its cancel event, and may be refused (while a
  // booking is being sent).
  useEffect(() => {
    if (!car) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !document.querySelector('dialog[open]')) close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [car, close]);

  const dialog = car ? (
    <Layer>
      <RemoteComponent id="checkout/BookingDialog" props={{ car, onClose: close }} fallback={<Spinner label="Opening the booking form…" />} />
    </Layer>
  ) : null;

  return { open, dialog };
}
