import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import styled from 'styled-components';
import { SITE_PATHS, bookingInputSchema, type BookingDialogProps, type BookingInput } from '@usedcars/shared-contract';
import { createBooking, useAuth } from '@usedcars/shared-auth';
import { Button, CloseButton, GhostButton, formatPrice, theme } from '@usedcars/shared-ui';

type Field = 'phone' | 'address';
type FieldErrors = Partial<Record<Field, string>>;

/**
 * The same rules the API applies to POST /bookings (bookingInputSchema), so the message under a
 * field is the one the server would answer.
 */
function validate(values: Record<Field, string>): { errors: FieldErrors; data: Record<Field, string> | null } {
  const phone = bookingInputSchema.shape.phone.safeParse(values.phone);
  const address = bookingInputSchema.shape.address.safeParse(values.address);
  const errors: FieldErrors = {};
  if (!phone.success) errors.phone = phone.error.issues[0]?.message;
  if (!address.success) errors.address = address.error.issues[0]?.message;
  return { errors, data: phone.success && address.success ? { phone: phone.data, address: address.data } : null };
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/* A 375-px phone: 12 px of page each side, and nothing inside may push the dialog wider. */
const Dialog = styled.dialog`
  box-sizing: border-box;
  width: min(480px, calc(100vw - 24px));
  max-width: calc(100vw - 24px);
  max-height: calc(100dvh - 24px);
  margin: auto;
  padding: 0;
  border: 0;
  border-radius: ${theme.radius};
  box-shadow: 0 20px 60px rgba(16, 24, 40, 0.3);
  color: ${theme.color.ink};
  background: ${theme.color.surface};
  overflow: auto;
  &::backdrop {
    background: rgba(16, 24, 40, 0.55);
  }
  /* Where showModal() is missing the dialog is only "open": keep it on top of the page anyway. */
  &[open]:not(:modal) {
    position: fixed;
    inset: 0;
    z-index: 1000;
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 18px 20px 0;
  h2 {
    min-width: 0;
    margin: 0;
    font-size: 22px;
    overflow-wrap: anywhere;
  }
`;

const Close = styled(CloseButton)`
  color: ${theme.color.muted};
`;

const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 14px;
  padding: 16px 20px 20px;
`;

const Label = styled.label`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 4px;
  min-width: 0;
  font-size: 14px;
  font-weight: 600;
  input,
  textarea {
    min-height: 44px;
    padding: 10px 12px;
    font: 400 16px ${theme.font};
    color: ${theme.color.ink};
    border: 1px solid #b9c0cc;
    border-radius: 8px;
    box-sizing: border-box;
    width: 100%;
    max-width: 100%;
    min-width: 0;
  }
  textarea {
    resize: vertical;
  }
  input:read-only {
    background: ${theme.color.canvas};
    border-color: ${theme.color.line};
  }
  [aria-invalid='true'] {
    border-color: ${theme.color.danger};
  }
`;

/** Kept out of the <label>, so it does not become part of the field's name. */
const ErrorText = styled.span`
  font-size: 14px;
  color: ${theme.color.danger};
  font-weight: 400;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 8px;
  margin-top: 4px;
  [aria-disabled='true'] {
    opacity: 0.55;
    cursor: progress;
  }
`;

/**
 * The booking form (SPEC.md §2 "Booking dialog"), titled 'Add your info'. Name and e-mail come
 * from the signed-in person, car name and price from the car: all shown, none editable, and the
 * API takes them from its own records anyway. Phone and meeting address are asked for.
 *
 * A native modal <dialog>: the page behind is inert. On top of that, Tab wraps inside the
 * dialog and Escape asks the page to close it, so the page can return focus to Book Now.
 */
export default function BookingDialog({ car, onClose }: BookingDialogProps) {
  const user = useAuth((state) => state.user);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const titleId = useId();
  const phoneId = useId();
  const addressId = useId();
  const phoneErrorId = useId();
  const addressErrorId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const addressRef = useRef<HTMLTextAreaElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({ phone: '', address: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  const booking = useMutation({
    mutationFn: (input: BookingInput) => createBooking(input),
    onSuccess: (answer) => {
      if (!answer.acknowledged) {
        toast.error(answer.message);
        return;
      }
      toast.success('BOOKING CONFIRMED');
      // A booking changes the car's status on every list and adds a row to My Orders; whatever
      // the page has cached about either is out of date now.
      void queryClient.invalidateQueries();
      navigate(SITE_PATHS.dashboard);
    },
    // 409 (sold, already booked) and every other refusal carry the server's message.
    onError: (error) => toast.error(error.message),
  });
  const busy = booking.isPending;

  const close = useCallback(() => {
    if (!busy) onClose();
  }, [busy, onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    // The first thing to fill in, rather than the read-only name the browser would pick.
    phoneRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close?.();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Handled here so the browser does not close the <dialog> behind React's back.
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // The browser's own close request (a second Escape, for example) goes through the page too.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    close();
  };

  const edit = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const { errors: found, data } = validate(values);
    setErrors(found);
    if (!data) {
      (found.phone ? phoneRef : addressRef).current?.focus();
      return;
    }
    booking.mutate({ carId: car._id, ...data });
  };

  return (
    <Dialog ref={dialogRef} aria-labelledby={titleId} aria-modal="true" onKeyDown={onKeyDown} onCancel={onCancel}>
      <Header>
        <h2 id={titleId}>Add your info</h2>
        <Close type="button" aria-label="Close" onClick={close}>
          <span aria-hidden="true">×</span>
        </Close>
      </Header>
      <Form noValidate onSubmit={onSubmit} aria-busy={busy}>
        <Label>
          Your Name
          <input name="name" readOnly value={user?.displayName ?? ''} />
        </Label>
        <Label>
          Your Email
          <input name="email" type="email" readOnly value={user?.email ?? ''} />
        </Label>
        <Label>
          Car Name
          <input name="carName" readOnly value={car.carName} />
        </Label>
        <Label>
          Car Price
          <input name="currentPrice" readOnly value={formatPrice(car.currentPrice)} />
        </Label>
        <Label as="div">
          <label htmlFor={phoneId}>Phone Number</label>
          <input
            ref={phoneRef}
            id={phoneId}
            name="phone"
            type="tel"
            autoComplete="tel"
            required
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={errors.phone ? phoneErrorId : undefined}
            value={values.phone}
            onChange={edit('phone')}
          />
          {errors.phone && <ErrorText id={phoneErrorId}>{errors.phone}</ErrorText>}
        </Label>
        <Label as="div">
          <label htmlFor={addressId}>Meeting Address</label>
          <textarea
            ref={addressRef}
            id={addressId}
            name="address"
            autoComplete="street-address"
            rows={2}
            required
            aria-invalid={errors.address ? true : undefined}
            aria-describedby={errors.address ? addressErrorId : undefined}
            value={values.address}
            onChange={edit('address')}
          />
          {errors.address && <ErrorText id={addressErrorId}>{errors.address}</ErrorText>}
        </Label>
        <Actions>
          <GhostButton type="button" onClick={close} aria-disabled={busy}>
            Cancel
          </GhostButton>
          {/* aria-disabled, not disabled: a disabled button drops the keyboard focus while the request runs. */}
          <Button type="submit" aria-disabled={busy}>
            ADD
          </Button>
        </Actions>
      </Form>
    </Dialog>
  );
}
