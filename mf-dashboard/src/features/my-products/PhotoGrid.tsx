import { useState } from 'react';
import styled from 'styled-components';
import { carImageUrl } from '@usedcars/shared-api/cars';
import type { CarPhoto } from '@usedcars/shared-contract';
import { theme } from '@usedcars/shared-ui';
import { SmallButton } from '../../components/SmallButton';

interface PhotoGridProps {
  photos: readonly CarPhoto[];
  /** The new order, every photo once, the cover first. */
  onOrder: (photos: CarPhoto[]) => void;
  onDelete: (photo: CarPhoto) => void;
  disabled?: boolean;
}

/**
 * A car's photos in order, the first marked as the cover. Each can be moved with buttons (the
 * keyboard's way) or dragged onto another's place, made the cover, or deleted.
 */
export function PhotoGrid({ photos, onOrder, onDelete, disabled = false }: PhotoGridProps) {
  const [dragged, setDragged] = useState<number | null>(null);
  const moveTo = (from: number, to: number) => {
    if (from === to || to < 0 || to >= photos.length) return;
    const next = [...photos];
    const [photo] = next.splice(from, 1);
    next.splice(to, 0, photo as CarPhoto);
    onOrder(next);
  };
  if (photos.length === 0) return <Empty>No photos yet.</Empty>;
  return (
    <Grid aria-label="Photos, the cover first">
      {photos.map((photo, index) => {
        const label = `photo ${index + 1}`;
        const thumb = photo.variants.jpeg[0]?.url ?? photo.src;
        return (
          <Tile
            key={photo.id}
            draggable={!disabled}
            onDragStart={() => setDragged(index)}
            onDragEnd={() => setDragged(null)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== null) moveTo(dragged, index);
              setDragged(null);
            }}
            $dragged={dragged === index}
          >
            <Frame>
              <img src={carImageUrl(thumb)} alt={photo.alt} width={photo.width} height={photo.height} loading="lazy" draggable={false} />
              {index === 0 && <Cover>Cover</Cover>}
            </Frame>
            <Buttons>
              <SmallButton type="button" disabled={disabled || index === 0} onClick={() => moveTo(index, index - 1)} aria-label={`Move left, ${label}`}>
                Move left
              </SmallButton>
              <SmallButton
                type="button"
                disabled={disabled || index === photos.length - 1}
                onClick={() => moveTo(index, index + 1)}
                aria-label={`Move right, ${label}`}
              >
                Move right
              </SmallButton>
              {index > 0 && (
                <SmallButton type="button" disabled={disabled} onClick={() => moveTo(index, 0)} aria-label={`Make cover, ${label}`}>
                  Make cover
                </SmallButton>
              )}
              <SmallButton type="button" disabled={disabled} onClick={() => onDelete(photo)} aria-label={`Delete ${label}`}>
                Delete
              </SmallButton>
            </Buttons>
          </Tile>
        );
      })}
    </Grid>
  );
}

const Empty = styled.p`
  color: ${theme.color.muted};
`;

const Grid = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 150px), 1fr));
  gap: 12px;
`;

const Tile = styled.li<{ $dragged: boolean }>`
  display: grid;
  gap: 6px;
  align-content: start;
  opacity: ${(props) => (props.$dragged ? 0.5 : 1)};
  cursor: grab;
`;

const Frame = styled.div`
  position: relative;
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 3 / 2;
    object-fit: cover;
    border-radius: 8px;
    background: ${theme.color.canvas};
  }
`;

const Cover = styled.span`
  position: absolute;
  top: 6px;
  left: 6px;
  padding: 0 8px;
  border-radius: 4px;
  background: ${theme.color.ink};
  color: #fff;
  font-size: 13px;
  line-height: 22px;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
`;
