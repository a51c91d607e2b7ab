import styled from 'styled-components';
import { carImageUrl } from '@usedcars/shared-api/cars';
import { theme } from '@usedcars/shared-ui';

/** A car's picture in a table row; the row names the car, so the picture itself is decorative. */
export function CarThumb({ img }: { img: string }) {
  return <Thumb src={carImageUrl(img)} alt="" width={72} height={48} loading="lazy" />;
}

const Thumb = styled.img`
  display: block;
  width: 72px;
  height: 48px;
  object-fit: cover;
  border-radius: 6px;
  background: ${theme.color.canvas};
`;
