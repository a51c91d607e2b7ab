import { Button, GhostButton } from '@usedcars/shared-ui';
import { UploadArea } from '../../components/UploadArea';
import type { Uploads } from '../../hooks/useUploads';
import { Footer, Form } from './formLayout';
import type { AddedCar } from './useSaveCar';

/** Once the car is added: its photos on their way, and what to do when some were refused. */
export function PhotosUploading({
  added,
  uploads,
  sendPhotos,
  onLeave,
}: {
  added: AddedCar;
  uploads: Uploads;
  sendPhotos: (car: AddedCar['car'], id: string) => Promise<void>;
  onLeave: () => void;
}) {
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
        <GhostButton type="button" onClick={onLeave} disabled={uploads.busy}>
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
