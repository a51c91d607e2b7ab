import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import styled from 'styled-components';
import { SITE_PATHS, bookingInputSchema, type BookingDialogProps, type BookingInput } from '@usedcars/shared-contract';
import { useAuth } from '@usedcars/shared-auth';
import { createBooking } from '@usedcars/shared-api/bookings';
import { Button, GhostButton, formatPrice } from '@usedcars/shared-ui';
import { Dialog } from '@usedcars/shared-ui/dialog';
import { Field, Input, TextArea } from '@usedcars/shared-ui/form';

type AskedField = 'phone' | 'address';
type FieldErrors = Partial<Record<AskedField, string>>;

/**
 * The same rules the API applies to POST /bookings (bookingInputSchema), so the message under a
 * field is the one the server would return.
 */
function validate(values: Record<AskedField, string>): { errors: FieldErrors; data: Record<AskedField, string> | null } {
  const phone = bookingInputSchema.shape.phone.safeParse(values.phone);
  const address = bookingInputSchema.shape.address.safeParse(values.address);
  const errors: FieldErrors = {};
  if (!phone.success) errors.phone = phone.error.issues[0]?.message;
  if (!address.success) errors.address = address.error.issues[0]?.message;
  return { errors, data: phone.success && address.success ? { phone: phone.data, address: address.data } : null };
}

const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 14px;
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
 * The booking form (docs/product.md, "Booking dialog"), titled 'Add your info'. Name and e-mail come
 * from the signed-in person, car name and price from the car: all shown, none editable, and the
 * API takes them from its own records anyway. Phone and meeting address are asked for.
 *
 * Escape, the × and Cancel all ask to close: the dialog refuses while the booking is being sent,
 * and otherwise the request goes on to the page that opened the dialog.
 */
export default function BookingDialog({ car, onClose }: BookingDialogProps) {
  const user = useAuth((state) => state.user);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const phoneRef = useRef<HTMLInputElement>(null);
  const addressRef = useRef<HTMLTextAreaElement>(null);
  const [values, setValues] = useState<Record<AskedField, string>>({ phone: '', address: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  const booking = useMutation({
    mutationFn: (input: BookingInput) => createBooking(input),
    onSuccess: (response) => {
      if (!response.acknowledged) {
        toast.error(response.message);
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

  const edit = (field: AskedField) => (event: { target: { value: string } }) => {
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
    // The first thing to fill in takes the focus, rather than the read-only name above it.
    <Dialog title="Add your info" onClose={close} initialFocus={phoneRef}>
      <Form noValidate onSubmit={onSubmit} aria-busy={busy}>
        <Field label="Your Name">
          <Input name="name" readOnly dir="auto" value={user?.displayName ?? ''} />
        </Field>
        <Field label="Your Email">
          <Input name="email" type="email" readOnly value={user?.email ?? ''} />
        </Field>
        <Field label="Car Name">
          <Input name="carName" readOnly dir="auto" title={car.carName} value={car.carName} />
        </Field>
        <Field label="Car Price">
          <Input name="currentPrice" readOnly value={formatPrice(car.currentPrice)} />
        </Field>
        <Field label="Phone Number" error={errors.phone}>
          <Input ref={phoneRef} name="phone" type="tel" autoComplete="tel" required value={values.phone} onChange={edit('phone')} />
        </Field>
        <Field label="Meeting Address" error={errors.address}>
          <TextArea
            ref={addressRef}
            name="address"
            dir="auto"
            autoComplete="street-address"
            rows={2}
            required
            value={values.address}
            onChange={edit('address')}
          />
        </Field>
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
