import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { theme } from '@usedcars/shared-ui';

const Frame = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 24px;
  padding-top: 24px;
`;

const Panel = styled.div`
  background: ${theme.color.surface};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  padding: 24px;
  min-width: 0;
`;

/** The dashboard's frame: its sub-navigation (by role) beside the current dashboard screen. */
export default function DashboardLayout() {
  return (
    <Frame>
      <Panel>
        <Outlet />
      </Panel>
    </Frame>
  );
}
