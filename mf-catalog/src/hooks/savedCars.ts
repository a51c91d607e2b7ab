import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { favouriteKeys, favouritesQuery, saveCar, unsaveCar } from '@usedcars/shared-api/favourites';
import type { Car, Favourites } from '@usedcars/shared-contract';
import { useIsBuyer } from './useIsBuyer';
import { errorText } from '@usedcars/shared-ui';

/** Whether this car is on the signed-in buyer's list; false for anyone else and while the list loads. */
export function useIsSaved(carId: string): boolean {
  const isBuyer = useIsBuyer();
  const { data } = useQuery({ ...favouritesQuery(), enabled: isBuyer });
  return Boolean(data?.cars.some((car) => car._id === carId));
}

function withCar(list: Favourites, car: Car, saved: boolean): Favourites {
  const cars = list.cars.filter((candidate) => candidate._id !== car._id);
  // As the API returns a car: a car read before the facts and the market existed lacks them.
  const asServed = {
    ...car,
    photos: car.photos ?? [],
    priceHistory: car.priceHistory ?? [],
    mileage: car.mileage ?? null,
    fuel: car.fuel ?? null,
    gearbox: car.gearbox ?? null,
    body: car.body ?? null,
    colour: car.colour ?? null,
    previousOwners: car.previousOwners ?? null,
    market: car.market ?? { estimate: null, comparables: 0, rating: null },
  };
  return { ...list, cars: saved ? [asServed, ...cars] : cars };
}

/**
 * Saves or removes a car at once on screen; a refusal puts the heart back as it was and says why
 * in a toast. The list is read again afterwards, so every screen agrees with the server.
 */
export function useToggleSaved(car: Car) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: boolean) => (save ? saveCar(car._id) : unsaveCar(car._id)),
    onMutate: async (save) => {
      await queryClient.cancelQueries({ queryKey: favouriteKeys.all });
      const before = queryClient.getQueryData<Favourites>(favouriteKeys.all);
      queryClient.setQueryData<Favourites>(favouriteKeys.all, withCar(before ?? { cars: [], gone: [] }, car, save));
      return { before };
    },
    onError: (error, save, context) => {
      queryClient.setQueryData(favouriteKeys.all, context?.before);
      toast.error(`${save ? 'Could not save' : 'Could not remove'} ${car.carName}: ${errorText(error)}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouriteKeys.all }),
  });
}
