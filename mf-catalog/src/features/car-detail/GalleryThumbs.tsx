import type { Ref } from 'react';
import styled from 'styled-components';
import type { CarPhoto } from '@usedcars/shared-contract';
import { carImageUrl } from '@usedcars/shared-api/cars';
import { focusRing, theme } from '@usedcars/shared-ui';
import { Picture } from '@usedcars/shared-ui/picture';
import { photoAlt } from './photoAlt';

const THUMB_SIZES = '64px';

/** The gallery's strip of thumbnails: one button a photo, the shown one marked current. */
export function GalleryThumbs({
  carName,
  photos,
  index,
  listRef,
  onShow,
}: {
  carName: string;
  photos: CarPhoto[];
  index: number;
  listRef: Ref<HTMLUListElement>;
  onShow: (at: number) => void;
}) {
  const count = photos.length;
  return (
    <Thumbs ref={listRef}>
      {photos.map((thumb, at) => (
        <li key={thumb.id}>
          <Thumb type="button" aria-label={`Show photo ${at + 1} of ${count}`} aria-current={at === index ? 'true' : undefined} onClick={() => onShow(at)}>
            <Picture
              photo={thumb}
              src={thumb.src}
              resolveUrl={carImageUrl}
              alt=""
              placeholderLabel={`${thumb.alt || photoAlt(carName, at, count)}: no picture`}
              sizes={THUMB_SIZES}
              width={64}
              height={40}
              secondary
            />
          </Thumb>
        </li>
      ))}
    </Thumbs>
  );
}

/* One row that scrolls sideways on a phone: its height is fixed, so nothing below moves. */
const Thumbs = styled.ul`
  display: flex;
  gap: 8px;
  margin: 12px 0 0;
  padding: 4px;
  list-style: none;
  overflow-x: auto;
  li {
    flex: none;
  }
`;

const Thumb = styled.button`
  display: block;
  width: 64px;
  height: 40px;
  padding: 0;
  border: 2px solid transparent;
  border-radius: 6px;
  overflow: hidden;
  background: ${theme.color.line};
  cursor: pointer;
  box-sizing: content-box;
  &[aria-current='true'] {
    border-color: ${theme.color.brand};
  }
  ${focusRing};
  img {
    display: block;
    width: 64px;
    height: 40px;
    object-fit: cover;
  }
`;
