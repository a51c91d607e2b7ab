import { useState } from 'react';
import styled from 'styled-components';
import { carImageUrl } from '@usedcars/shared-api/cars';
import { isImageLink } from '@usedcars/shared-contract';
import { theme } from '@usedcars/shared-ui';

/** A live look at the picture, so a wrong link shows before the car is listed. */
export function PicturePreview({ link }: { link: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!isImageLink(link)) return null;
  if (failed === link) return <PreviewNote>The picture could not be loaded from this link.</PreviewNote>;
  return (
    <PreviewFrame>
      <img src={carImageUrl(link)} alt="Preview of the car" onError={() => setFailed(link)} />
    </PreviewFrame>
  );
}

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
