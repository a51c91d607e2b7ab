import styled from 'styled-components';
import { Button, errorText, theme } from '@usedcars/shared-ui';
import { Field } from '@usedcars/shared-ui/form';
import { UploadArea } from '../../components/UploadArea';
import { CarControl } from './CarControl';
import { CAR_FIELDS, type CarField } from './carForm';
import { Footer, Form } from './formLayout';
import { PhotosUploading } from './PhotosUploading';
import { PicturePreview } from './PicturePreview';
import { useAddProduct } from './useAddProduct';
import { useMarketEstimate } from './useMarketEstimate';
import { MarketHint } from '../../components/MarketHint';
import { UNIT_WORDS, useMileageUnit } from '../../hooks/useMileageUnit';

/**
 * Add Product (docs/product.md, "Add Product"). Checked with the API's own schema when a field is left and on
 * submit; each message sits under its field and is tied to it (aria-describedby, aria-invalid).
 * Photos picked here are sent once the car exists, one request per file (docs/product.md,
 * "Car photos"); a photo that fails leaves the car added, and the page stays to retry it.
 */
export function AddProductForm() {
  const { displayName, values, touched, uploads, withPhotos, errors, added, saving, sendPhotos, idOf, visibleError, change, leave, submit, goToMyProducts } =
    useAddProduct();

  const market = useMarketEstimate(values);
  const unit = useMileageUnit();

  if (added) return <PhotosUploading added={added} uploads={uploads} sendPhotos={sendPhotos} onLeave={goToMyProducts} />;

  const errorCount = Object.keys(errors).filter((field) => touched[field as CarField]).length;
  const price = Number(values.currentPrice);
  const hintOf = (field: (typeof CAR_FIELDS)[number]) =>
    field.name === 'img'
      ? `${field.hint} Optional when you add photos below.`
      : field.name === 'mileage'
        ? `In ${UNIT_WORDS[unit]}, as the odometer reads.`
        : field.hint;

  return (
    <Form noValidate onSubmit={submit} aria-busy={saving.isPending} aria-label="Add Product">
      <Grid>
        {CAR_FIELDS.map((field) => (
          <Cell key={field.name} $wide={field.kind === 'long' || field.kind === 'url'}>
            <Field id={idOf(field.name)} label={field.label} hint={hintOf(field)} error={visibleError(field.name)}>
              <CarControl
                spec={field}
                value={values[field.name]}
                onChange={(value) => change(field.name, value)}
                onBlur={() => leave(field.name)}
                // The API lists the car under the account's name whatever is sent, so a known name is not editable.
                readOnly={field.name === 'sellerName' && displayName !== ''}
              />
            </Field>
            {field.name === 'img' && <PicturePreview link={values.img.trim()} />}
            {field.name === 'currentPrice' && (
              <MarketHint
                estimate={market.estimate}
                pending={market.pending}
                price={Number.isFinite(price) && values.currentPrice.trim() !== '' ? price : undefined}
              />
            )}
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

const Summary = styled.p`
  margin: 0;
  color: ${theme.color.danger};
`;
