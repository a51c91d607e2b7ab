import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { deletePhoto, reorderPhotos, type CarPhotosResponse } from '@usedcars/shared-api/photos';
import type { Car, CarPhoto } from '@usedcars/shared-contract';
import { Button, theme } from '@usedcars/shared-ui';
import { Dialog } from '@usedcars/shared-ui/dialog';
import { dashboardKeys } from '../../lib/queryKeys';
import { PhotoGrid } from './PhotoGrid';
import { UploadArea } from '../../components/UploadArea';
import { useUploads } from '../../hooks/useUploads';

/**
 * Edit photos, from My Products: the car's photos to put in order, make the cover or delete,
 * and new ones to add. Every change is saved as it is made; the list comes back from the API
 * after each one, so what the dialog shows is what buyers see.
 */
export function EditPhotosDialog({ car, onClose }: { car: Car; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [photos, setPhotos] = useState<CarPhoto[]>(car.photos ?? []);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const uploads = useUploads();

  const settle = (response: CarPhotosResponse) => {
    setPhotos(response.photos);
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.sellerCarsAll() });
  };
  const save = async (change: () => Promise<CarPhotosResponse>, before: CarPhoto[]) => {
    setSaving(true);
    setError(null);
    try {
      settle(await change());
    } catch (failure) {
      setPhotos(before);
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };
  const order = (next: CarPhoto[]) => {
    const before = photos;
    setPhotos(next);
    void save(
      () =>
        reorderPhotos(
          car.categoryName,
          car._id,
          next.map((photo) => photo.id),
        ),
      before,
    );
  };
  const remove = (photo: CarPhoto) => {
    const before = photos;
    setPhotos(photos.filter((candidate) => candidate.id !== photo.id));
    void save(() => deletePhoto(car.categoryName, car._id, photo.id), before);
  };
  const start = () => void uploads.run(car.categoryName, car._id, settle);

  return (
    <Dialog title={`Photos of ${car.carName}`} onClose={() => (uploads.busy ? undefined : onClose())}>
      <Body aria-busy={saving || uploads.busy}>
        <PhotoGrid photos={photos} onOrder={order} onDelete={remove} disabled={saving || uploads.busy} />
        <p role="alert">{error ? <Problem>{error}</Problem> : null}</p>
        <UploadArea uploads={uploads} storedPhotos={photos.length} onAdded={start} />
        {uploads.rows.some((row) => row.state === 'refused' && !row.final) && (
          <Button
            type="button"
            onClick={() => {
              uploads.retryRefused();
              start();
            }}
          >
            Try again
          </Button>
        )}
        <Footer>
          {uploads.busy ? <Note>Uploading: the dialog closes once the photos are in.</Note> : null}
          <Button type="button" onClick={onClose} disabled={uploads.busy}>
            Done
          </Button>
        </Footer>
      </Body>
    </Dialog>
  );
}

// One column no wider than the dialog: a grid's own column would otherwise grow to the photo
// grid's widest content and push the upload area past a phone's screen.
const Body = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 12px;
`;

const Problem = styled.span`
  color: ${theme.color.danger};
`;

const Note = styled.span`
  color: ${theme.color.muted};
  font-size: 14px;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 12px;
`;
