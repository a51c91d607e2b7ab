import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { addCar } from '@usedcars/shared-api/cars';
import { SITE_PATHS, type AcknowledgedResponse, type CarInput } from '@usedcars/shared-contract';
import type { Uploads } from '../../hooks/useUploads';
import { dashboardKeys } from '../../lib/queryKeys';

/** The car once it exists, while its photos are on their way. */
export interface AddedCar {
  car: CarInput;
  id: string;
  refused: number | null;
}

/**
 * Saves the new car, then sends its photos one request per file (docs/product.md, "Car photos");
 * a photo that fails leaves the car added, and the page stays to retry it.
 */
export function useSaveCar(uploads: Uploads) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [added, setAdded] = useState<AddedCar | null>(null);

  const finish = async (car: CarInput, photos: number) => {
    toast.success(photos > 0 ? `${car.carName} added with ${photos} photo${photos === 1 ? '' : 's'}` : `${car.carName} added`);
    await queryClient.invalidateQueries({ queryKey: dashboardKeys.sellerCarsAll() });
    navigate(SITE_PATHS.myProduct);
  };

  const sendPhotos = async (car: CarInput, id: string) => {
    setAdded({ car, id, refused: null });
    let photos = 0;
    const refused = await uploads.run(car.categoryName, id, (response) => {
      photos = response.photos.length;
    });
    if (refused === 0) await finish(car, photos);
    else {
      setAdded({ car, id, refused });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.sellerCarsAll() });
    }
  };

  const saving = useMutation({
    mutationFn: (car: CarInput) => addCar(car),
    onSuccess: async (response: AcknowledgedResponse, car) => {
      if (uploads.pending > 0) await sendPhotos(car, response.insertedId);
      else await finish(car, 0);
    },
  });

  return { added, saving, sendPhotos, goToMyProducts: () => navigate(SITE_PATHS.myProduct) };
}
