import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { favouritesQuery, unsaveCar } from '@usedcars/shared-api/favourites';
import type { Favourites } from '@usedcars/shared-contract';
import { dashboardKeys } from '../../lib/queryKeys';
import { afreshUnlessJustRead } from '../../lib/readAfresh';
import { errorText } from '@usedcars/shared-ui';

/** The buyer's saved cars (GET /favourites), read afresh each time the screen is shown: the catalog's Save car buttons change it elsewhere. */
export function useSavedCars() {
  return useQuery({ ...favouritesQuery(), refetchOnMount: afreshUnlessJustRead });
}

/** Removes a saved car at once on screen; a refusal brings its row back and says why. */
export function useRemoveSavedCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ carId }: { carId: string; carName: string }) => unsaveCar(carId),
    onMutate: async ({ carId }) => {
      await queryClient.cancelQueries({ queryKey: dashboardKeys.favourites() });
      const before = queryClient.getQueryData<Favourites>(dashboardKeys.favourites());
      if (before) queryClient.setQueryData<Favourites>(dashboardKeys.favourites(), { ...before, cars: before.cars.filter((car) => car._id !== carId) });
      return { before };
    },
    onError: (error, { carName }, context) => {
      queryClient.setQueryData(dashboardKeys.favourites(), context?.before);
      toast.error(`Could not remove ${carName}: ${errorText(error)}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.favourites() }),
  });
}
