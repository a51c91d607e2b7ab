import { useId, useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import styled from 'styled-components';
import { errorText } from '@usedcars/shared-auth';
import { addCar, carImageUrl } from '@usedcars/shared-api/cars';
import { SITE_PATHS, isImageLink, type AcknowledgedAnswer, type CarInput } from '@usedcars/shared-contract';
import { Button, GhostButton, theme } from '@usedcars/shared-ui';
import { Field, Input, Select, TextArea } from '@usedcars/shared-ui/form';
import { useDisplayName } from '../../hooks/useRole';
import { UploadArea } from '../../components/UploadArea';
import { useUploads } from '../../hooks/useUploads';
import { dashboardKeys } from '../../lib/queryKeys';
import {
  CAR_FIELDS,
  withPictureForPhotos,
  CATEGORY_OPTIONS,
  initialValues,
  validateCar,
  type CarField,
  type CarFormErrors,
  type CarFormValues,
  type FieldSpec,
} from './carForm';

/**
 * Add Product (docs/product.md, "Add Product"). Checked with the API's own schema when a field is left and on
 * submit; each message sits under its field and is tied to it (aria-describedby, aria-invalid).
 * Photos picked here are sent once the car exists, one request per file (docs/product.md,
 * "Car photos"); a photo that fails leaves the car added, and the page stays to retry it.
 */
export function AddProductForm() {
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
  /** The car once it exists, while its photos are on their way. */
  const [added, setAdded] = useState<{ car: CarInput; id: string; refused: number | null } | null>(null);

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

  if (added) {
    const sent = uploads.rows.filter((row) => row.state === 'done').length;
    return (
      <Form as="section" aria-label="Photos of the new car" aria-busy={uploads.busy}>
        <p role="status">
          {added.refused === null
            ? `${added.car.carName} was added. Uploading its photos: ${sent} of ${uploads.rows.filter((row) => !row.final).length} done…`
            : `${added.car.carName} was added, but ${added.refused === 1 ? 'one photo was' : `${added.refused} photos were`} not: see the message next to each. Try again, remove them, or add photos later with Edit photos in My Products.`}
        </p>
        <UploadArea uploads={uploads} storedPhotos={sent} onAdded={() => void sendPhotos(added.car, added.id)} />
        <Footer>
          <GhostButton type="button" onClick={() => navigate(SITE_PATHS.myProduct)} disabled={uploads.busy}>
            Go to My Products
          </GhostButton>
          {added.refused !== null && uploads.rows.some((row) => row.state === 'refused' && !row.final) && (
            <Button
              type="button"
              disabled={uploads.busy}
              onClick={() => {
                uploads.retryRefused();
                void sendPhotos(added.car, added.id);
              }}
            >
              Try again
            </Button>
          )}
        </Footer>
      </Form>
    );
  }

  const errorCount = Object.keys(errors).filter((field) => touched[field as CarField]).length;

  return (
    <Form noValidate onSubmit={submit} aria-busy={saving.isPending} aria-label="Add Product">
      <Grid>
        {CAR_FIELDS.map((field) => (
          <Cell key={field.name} $wide={field.kind === 'long' || field.kind === 'url'}>
            <Field
              id={idOf(field.name)}
              label={field.label}
              hint={field.name === 'img' ? `${field.hint} Optional when you add photos below.` : field.hint}
              error={visibleError(field.name)}
            >
              <Control
                spec={field}
                value={values[field.name]}
                onChange={(value) => change(field.name, value)}
                onBlur={() => leave(field.name)}
                // The API lists the car under the account's name whatever is sent, so a known name is not editable.
                readOnly={field.name === 'sellerName' && displayName !== ''}
              />
            </Field>
            {field.name === 'img' && <Preview link={values.img.trim()} />}
          </Cell>
        ))}
      </Grid>
      <fieldset>
        <Legend>Photos</Legend>
        <UploadArea uploads={uploads} storedPhotos={0} orderable disabled={saving.isPending} />
      </fieldset>
      <Footer>
        <div role="alert">
          {errorCount > 0 && <Summary>Please correct the {errorCount === 1 ? 'field' : `${errorCount} fields`} marked above.</Summary>}
          {saving.isError && <Summary>The car was not added: {errorText(saving.error)}</Summary>}
        </div>
        <Button type="submit" disabled={saving.isPending}>
          {saving.isPending ? 'Adding…' : withPhotos ? 'Add Product and upload photos' : 'Add Product'}
        </Button>
      </Footer>
    </Form>
  );
}

interface ControlProps {
  spec: FieldSpec;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  readOnly?: boolean;
}

/** The control a field's kind calls for; its Field gives it its id, description and validity. */
function Control({ spec, value, onChange, onBlur, readOnly }: ControlProps) {
  const common = { name: spec.name, value, required: true, onBlur } as const;
  const text = { ...common, readOnly };
  switch (spec.kind) {
    case 'category':
      return (
        <Select {...common} onChange={(event) => onChange(event.target.value)}>
          {CATEGORY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      );
    case 'long':
      return <TextArea {...text} dir="auto" rows={4} onChange={(event) => onChange(event.target.value)} />;
    case 'price':
      return <Input {...text} type="number" min="0" step="any" inputMode={spec.inputMode} onChange={(event) => onChange(event.target.value)} />;
    default:
      return (
        <Input
          {...text}
          type={spec.kind === 'url' ? 'url' : spec.kind === 'date' ? 'date' : 'text'}
          // A seller may write in Arabic or Hebrew: the field follows the text's own direction.
          dir={spec.kind === 'text' ? 'auto' : undefined}
          inputMode={spec.inputMode}
          autoComplete={spec.autoComplete ?? 'off'}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

/** A live look at the picture, so a wrong link shows before the car is listed. */
function Preview({ link }: { link: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!isImageLink(link)) return null;
  if (failed === link) return <PreviewNote>The picture could not be loaded from this link.</PreviewNote>;
  return (
    <PreviewFrame>
      <img src={carImageUrl(link)} alt="Preview of the car" onError={() => setFailed(link)} />
    </PreviewFrame>
  );
}

const Form = styled.form`
  display: grid;
  gap: 24px;
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 260px), 1fr));
  gap: 18px 20px;
`;

const Cell = styled.div<{ $wide: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  align-content: start;
  gap: 6px;
  min-width: 0;
  grid-column: ${(props) => (props.$wide ? '1 / -1' : 'auto')};
`;

const Legend = styled.legend`
  font-weight: 600;
  padding: 0 4px;
`;

const PreviewNote = styled.span`
  font-size: 14px;
  color: ${theme.color.muted};
`;

const PreviewFrame = styled.div`
  img {
    display: block;
    max-width: 100%;
    width: 320px;
    aspect-ratio: 3 / 2;
    object-fit: cover;
    border-radius: 8px;
    background: ${theme.color.canvas};
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

const Summary = styled.p`
  margin: 0;
  color: ${theme.color.danger};
`;
