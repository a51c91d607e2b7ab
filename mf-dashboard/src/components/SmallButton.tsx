import styled from 'styled-components';
import { GhostButton } from '@usedcars/shared-ui';

/** The compact button of the dashboard's table rows and photo tiles. */
export const SmallButton = styled(GhostButton)`
  min-height: 36px;
  padding: 4px 10px;
  font-size: 14px;
`;
