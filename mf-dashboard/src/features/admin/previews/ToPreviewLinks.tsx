import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { SITE_PATHS } from '@usedcars/shared-contract';

/** The Releases screen's way to the preview links (docs/releases.md, "Previews"). */
export function ToPreviewLinks() {
  return (
    <Line>
      <Link to={SITE_PATHS.previews}>Preview links</Link>: the builds teams show before anyone gets them, each with its own numbers, and a way to withdraw a
      link.
    </Line>
  );
}

const Line = styled.p`
  margin: 0;
`;
