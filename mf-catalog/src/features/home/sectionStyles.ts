import styled from 'styled-components';
import { theme } from '@usedcars/shared-ui';

export const SectionHeading = styled.h2`
  margin: 0 0 8px;
  font-size: clamp(24px, 3.5vw, 32px);
  letter-spacing: -0.01em;
`;

export const SectionIntro = styled.p`
  margin: 0 0 24px;
  max-width: 60ch;
  color: ${theme.color.muted};
`;
