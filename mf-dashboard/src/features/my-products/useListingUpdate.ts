import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateCar } from '@usedcars/shared-api/cars';
import type { Car, CarUpdate } from '@usedcars/shared-contract';
import { dashboardKeys } from '../../lib/queryKeys';

/** PATCH of one of the seller's cars; My Products reads the car afresh once it is changed. */
export function useListingUpdate(car: Car) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: CarUpdate) => updateCar(car.categoryName, car._id, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.sellerCarsAll() }),
  });
}
