import styled from 'styled-components';
import type { CarPhoto } from '@usedcars/shared-contract';
import { carImageUrl } from '@usedcars/shared-api/cars';
import { theme } from '@usedcars/shared-ui';
import { Picture } from '@usedcars/shared-ui/picture';

/**
 * A car's picture in a table row: its cover photo at the narrowest width made (72 px wide on screen), or
 * its `img` link. The row names the car, so the picture itself is decorative; a picture that
 * fails becomes a placeholder picture carrying the car's name (docs/performance.md, "Pictures").
 */
export function CarThumb({ img, photo, name }: { img: string; photo?: CarPhoto | null; name: string }) {
  return <Thumb photo={photo} src={img} resolveUrl={carImageUrl} alt="" placeholderLabel={`${name}: no picture`} sizes="72px" width={72} height={48} />;
}

const Thumb = styled(Picture)`
  display: block;
  width: 72px;
  height: 48px;
  object-fit: cover;
  border-radius: 6px;
  background: ${theme.color.canvas};
`;
