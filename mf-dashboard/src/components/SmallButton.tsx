import styled, { css } from 'styled-components';
import { ButtonLink, GhostButton } from '@usedcars/shared-ui';

/** The compact size of the dashboard's table rows and photo tiles. */
const compact = css`
  min-height: 36px;
  padding: 4px 10px;
  font-size: 14px;
`;

/** The compact outlined button of a table row (Edit, Remove, Delete) or a photo tile. */
export const SmallButton = styled(GhostButton)`
  ${compact};
`;

/** The compact filled link of a table row that navigates (PAY NOW, Open). */
export const SmallButtonLink = styled(ButtonLink)`
  ${compact};
`;
