import { useId, useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { addCar } from '@usedcars/shared-api/cars';
import { SITE_PATHS, type AcknowledgedAnswer, type CarInput } from '@usedcars/shared-contract';
import { useDisplayName } from '../../hooks/useRole';
import { useUploads } from '../../hooks/useUploads';
import { dashboardKeys } from '../../lib/queryKeys';
import { CAR_FIELDS, withPictureForPhotos, initialValues, validateCar, type CarField, type CarFormErrors, type CarFormValues } from './carForm';

/** The car once it exists, while its photos are on their way. */
export interface AddedCar {
  car: CarInput;
  id: string;
  refused: number | null;
}

/**
 * Add Product's state: the values, which fields were left, the messages, the save, and the photos
 * sent once the car exists (docs/product.md, "Car photos").
 */
export function useAddProduct() {
  const formId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // sellerName starts as the signed-in display name.
  const displayName = useDisplayName();
  const [values, setValues] = useState<CarFormValues>(() => initialValues(displayName));
  const [touched, setTouched] = useState<Partial<Record<CarField, boolean>>>({});
  const uploads = useUploads();
  const withPhotos = uploads.pending > 0;
  // With photos the image link may stay empty: the cover becomes the car's picture.
  const effective = useMemo(() => withPictureForPhotos(values, withPhotos), [values, withPhotos]);
  // Messages follow the values; a field shows its own once it has been left (or on submit).
  const errors: CarFormErrors = useMemo(() => validateCar(effective).errors ?? {}, [effective]);
  const [added, setAdded] = useState<AddedCar | null>(null);

  const finish = async (car: CarInput, photos: number) => {
    toast.success(photos > 0 ? `${car.carName} added with ${photos} photo${photos === 1 ? '' : 's'}` : `${car.carName} added`);
    await queryClient.invalidateQueries({ queryKey: dashboardKeys.sellerCarsAll() });
    navigate(SITE_PATHS.myProduct);
  };

  const sendPhotos = async (car: CarInput, id: string) => {
    setAdded({ car, id, refused: null });
    let photos = 0;
    const refused = await uploads.run(car.categoryName, id, (answer) => {
      photos = answer.photos.length;
    });
    if (refused === 0) await finish(car, photos);
    else {
      setAdded({ car, id, refused });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.sellerCarsAll() });
    }
  };

  const saving = useMutation({
    mutationFn: (car: CarInput) => addCar(car),
    onSuccess: async (answer: AcknowledgedAnswer, car) => {
      if (uploads.pending > 0) await sendPhotos(car, answer.insertedId);
      else await finish(car, 0);
    },
  });

  const idOf = (field: CarField) => `${formId}-${field}`;
  const visibleError = (field: CarField) => (touched[field] ? errors[field] : undefined);

  const change = (field: CarField, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const leave = (field: CarField) => setTouched((current) => ({ ...current, [field]: true }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (added) return;
    const result = validateCar(effective);
    setTouched(Object.fromEntries(CAR_FIELDS.map((field) => [field.name, true])));
    if (result.errors) {
      const first = CAR_FIELDS.find((field) => result.errors[field.name]);
      if (first) document.getElementById(idOf(first.name))?.focus();
      return;
    }
    saving.mutate(result.data);
  };

  return {
    displayName,
    values,
    touched,
    uploads,
    withPhotos,
    errors,
    added,
    saving,
    sendPhotos,
    idOf,
    visibleError,
    change,
    leave,
    submit,
    goToMyProducts: () => navigate(SITE_PATHS.myProduct),
  };
}
