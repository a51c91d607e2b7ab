/** The booking form (SPEC.md §2 "Booking dialog"), titled 'Add your info'. */
export interface BookingDialogProps {
  open: boolean;
  onClose: () => void;
}

export default function BookingDialog({ open }: BookingDialogProps) {
  if (!open) return null;
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="booking-title">
      <h2 id="booking-title">Add your info</h2>
    </div>
  );
}
