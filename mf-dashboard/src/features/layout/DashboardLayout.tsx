import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { CloseButton, focusRing, theme } from '@usedcars/shared-ui';
import { SITE_PATHS, SITE_ROUTES, noticeFrom, type Role } from '@usedcars/shared-contract';
import { useRole } from '../../hooks/useRole';
import { SuspendedNotice } from '../../components/SuspendedNotice';
import { DashboardErrorBoundary } from './DashboardErrorScreen';

interface NavItem {
  to: string;
  label: string;
}

/** The side navigation by role (docs/product.md, "Dashboard"); the other roles have one screen, named for orientation. */
function dashboardNav(role: Role | null): NavItem[] {
  if (role === 'Seller') {
    return [
      { to: SITE_PATHS.addProduct, label: 'Add Product' },
      { to: SITE_PATHS.myProduct, label: 'My Product' },
      { to: SITE_PATHS.myBuyer, label: 'My Buyers' },
      { to: SITE_PATHS.messages, label: 'Messages' },
    ];
  }
  if (role === 'admin') {
    return [
      { to: SITE_ROUTES.dashboard, label: 'All users' },
      { to: SITE_PATHS.reports, label: 'Reports' },
      { to: SITE_PATHS.auditLog, label: 'Audit log' },
      { to: SITE_PATHS.releases, label: 'Releases' },
      { to: SITE_PATHS.previews, label: 'Preview links' },
    ];
  }
  return [
    { to: SITE_ROUTES.dashboard, label: 'My Orders' },
    { to: SITE_PATHS.savedCars, label: 'Saved cars' },
    { to: SITE_PATHS.savedSearches, label: 'Saved searches' },
    { to: SITE_PATHS.messages, label: 'Messages' },
  ];
}

/**
 * A message the previous page handed over in the navigation state ('Congrats! your payment
 * completed' from checkout). Dismissing it clears that state, so Back or a reload does not
 * bring it back.
 */
function ArrivalNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = noticeFrom(location.state);
  if (!notice) return null;
  const dismiss = () => navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  return (
    <Notice role="status">
      <p>{notice}</p>
      <CloseButton type="button" aria-label="Dismiss notice" onClick={dismiss}>
        <span aria-hidden="true">×</span>
      </CloseButton>
    </Notice>
  );
}

/**
 * The dashboard's frame: its sub-navigation (by role) beside the current dashboard screen. A
 * screen that throws shows the dashboard's error screen in its place (the navigation stays);
 * moving to another screen leaves the error behind.
 */
export default function DashboardLayout() {
  const role = useRole();
  const { pathname } = useLocation();
  return (
    <Frame>
      <ArrivalNotice />
      {role === 'Seller' && <SuspendedNotice />}
      {/* There from the start, as tall as its links will be: the links arrive with the role and move nothing. */}
      <Side aria-label="Dashboard">
        <ul>
          {role === undefined
            ? null
            : dashboardNav(role).map((item) => (
                <li key={item.to}>
                  <SideLink to={item.to} end>
                    {item.label}
                  </SideLink>
                </li>
              ))}
        </ul>
      </Side>
      <Panel>
        <DashboardErrorBoundary key={pathname}>
          <Outlet />
        </DashboardErrorBoundary>
      </Panel>
    </Frame>
  );
}

const Frame = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 24px;
  padding-top: 24px;
  @media (min-width: 900px) {
    grid-template-columns: 220px minmax(0, 1fr);
    align-items: start;
  }
`;

const Notice = styled.div`
  grid-column: 1 / -1;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 8px 8px 8px 16px;
  border: 1px solid ${theme.color.successLine};
  border-radius: ${theme.radius};
  background: ${theme.color.successBg};
  color: ${theme.color.success};
  font-weight: 600;
  p {
    margin: 0;
  }
`;

const Side = styled.nav`
  ul {
    display: flex;
    gap: 8px;
    min-height: 44px;
    margin: 0;
    padding: 0;
    list-style: none;
    overflow-x: auto;
  }
  li {
    flex: none;
  }
  /* On a phone every link stays in sight, two a row; both rows are there from the start, so the links arriving with the role move nothing. */
  @media (max-width: 519px) {
    ul {
      display: grid;
      grid-template-columns: repeat(2, minmax(0, 1fr));
      grid-auto-rows: 44px;
      min-height: 96px;
      overflow-x: visible;
    }
  }
  @media (min-width: 900px) {
    position: sticky;
    top: 16px;
    padding: 12px;
    background: ${theme.color.surface};
    border-radius: ${theme.radius};
    box-shadow: ${theme.shadow};
    ul {
      flex-direction: column;
    }
  }
`;

const SideLink = styled(NavLink)`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  padding: 0 16px;
  border-radius: 8px;
  color: ${theme.color.ink};
  font-weight: 600;
  text-decoration: none;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  &:hover {
    color: ${theme.color.brand};
  }
  &.active {
    background: ${theme.color.brand};
    border-color: ${theme.color.brand};
    color: #fff;
  }
  @media (min-width: 900px) {
    justify-content: flex-start;
    border-color: transparent;
  }
  ${focusRing};
`;

const Panel = styled.div`
  background: ${theme.color.surface};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  padding: 24px;
  min-width: 0;
  @media (max-width: 480px) {
    padding: 16px;
  }
  h1 {
    margin-top: 0;
  }
`;
