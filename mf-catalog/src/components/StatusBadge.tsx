import type { CarStatus } from '@usedcars/shared-contract';
import { StatusBadge as Badge } from '@usedcars/shared-ui';

/** In the catalog only a car someone holds is marked; an available car needs no badge. */
export function StatusBadge({ status, className }: { status: CarStatus; className?: string }) {
  if (status === 'available') return null;
  return <Badge status={status} className={className} />;
}
