import { useId, useMemo, useState, type FormEvent } from 'react';
import { useDisplayName } from '../../hooks/useRole';
import { useUploads } from '../../hooks/useUploads';
import { useSaveCar } from './useSaveCar';
import { CAR_FIELDS, withPictureForPhotos, initialValues, validateCar, type CarField, type CarFormErrors, type CarFormValues } from './carForm';

/**
 * Add Product's form: the values, which fields were left, their messages, and the submit that
 * checks them before the car is saved.
 */
export function useAddProduct() {
  const formId = useId();
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
  const { added, saving, sendPhotos, goToMyProducts } = useSaveCar(uploads);

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
    goToMyProducts,
  };
}
