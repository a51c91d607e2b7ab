/**
 * The dashboard's addresses (SPEC.md §2 route table), spelled once. The shell's route table
 * mounts the screens at these paths; the payment page belongs to checkout.
 */
export const dashboardPaths = {
  index: '/dashboard',
  addProduct: '/dashboard/addProduct',
  myProduct: '/dashboard/myProduct',
  myBuyer: '/dashboard/myBuyer',
  payment: (bookingId: string) => `/dashboard/payment/${encodeURIComponent(bookingId)}`,
} as const;
