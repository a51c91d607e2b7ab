import { Suspense, lazy, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { IconButton } from './IconButton';
import { logOut, useAuth } from '@usedcars/shared-auth';
import { SITE_PATHS } from '@usedcars/shared-contract';
import { ButtonLink, Container, GhostButton, focusRing, theme } from '@usedcars/shared-ui';
import logoUrl from '../assets/logo.svg';

const PHONE = '@media (max-width: 768px)';
const WIDE = '@media (min-width: 769px)';

// Only signed-in people have a bell: a visitor's page does not fetch its code.
const NotificationBell = lazy(() => import(/* webpackChunkName: "notification-bell" */ './NotificationBell'));

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 20;
  background: ${theme.color.surface};
  border-bottom: 1px solid ${theme.color.line};
  box-shadow: ${theme.shadow};
`;

const SkipLink = styled.a`
  position: absolute;
  left: 16px;
  top: -100px;
  padding: 10px 16px;
  background: ${theme.color.ink};
  color: #fff;
  border-radius: ${theme.radius};
  z-index: 30;
  &:focus {
    top: 8px;
  }
`;

const Row = styled(Container)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 24px;
  padding-block: 12px;
`;

const Brand = styled(Link)`
  display: inline-flex;
  padding: 6px 0;
  ${focusRing};
  img {
    width: 154px;
    height: 35px;
  }
`;

/** Beside the Menu button on a phone, after Log Out elsewhere; its place is kept while the bell loads. */
const BellSlot = styled.div`
  display: flex;
  min-width: 44px;
  min-height: 44px;
  ${PHONE} {
    margin-left: auto;
  }
  ${WIDE} {
    order: 1;
  }
`;

const MenuButton = styled(IconButton)`
  ${WIDE} {
    display: none;
  }
`;

/**
 * The links sit left, next to the brand, and Login / Log Out in a slot of fixed size at the
 * right: who is signed in is known only after the page has appeared, and what it adds (Dashboard
 * at the end of the links, a button in the slot) then moves nothing already on screen.
 */
const Menu = styled.div<{ $open: boolean }>`
  display: flex;
  flex: 1;
  align-items: center;
  justify-content: space-between;
  gap: 24px;
  ${PHONE} {
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
    flex-basis: 100%;
    flex-direction: column;
    align-items: stretch;
    gap: 12px;
    padding: 8px 0 16px;
    border-top: 1px solid ${theme.color.line};
  }
`;

const Links = styled.ul`
  display: flex;
  align-items: center;
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;
  ${PHONE} {
    flex-direction: column;
    align-items: stretch;
  }
`;

const AuthSlot = styled.div`
  display: flex;
  justify-content: flex-end;
  min-width: 112px;
  min-height: 44px;
  ${PHONE} {
    justify-content: stretch;
    min-width: 0;
    & > * {
      flex: 1;
    }
  }
`;

const Item = styled(NavLink)`
  display: flex;
  align-items: center;
  min-height: 44px;
  padding: 0 12px;
  border-radius: ${theme.radius};
  color: ${theme.color.ink};
  font-weight: 600;
  text-decoration: none;
  &:hover {
    color: ${theme.color.brand};
    background: ${theme.color.canvas};
  }
  &.active {
    color: ${theme.color.brand};
    box-shadow: inset 0 -3px 0 ${theme.color.brand};
    ${PHONE} {
      box-shadow: inset 3px 0 0 ${theme.color.brand};
      background: ${theme.color.canvas};
    }
  }
  ${focusRing};
`;

function HamburgerIcon({ open }: { open: boolean }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {open ? (
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      ) : (
        <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      )}
    </svg>
  );
}

/** The site's top bar (docs/product.md, "Navbar"): brand, the links, and Login or Log Out by auth state. */
export function Navbar() {
  const status = useAuth((state) => state.status);
  const email = useAuth((state) => state.user?.email);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // A phone menu left open after navigating would cover the new page.
  useEffect(() => setOpen(false), [pathname]);

  const close = () => setOpen(false);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      menuButton.current?.focus();
    }
  };

  const handleLogOut = () => {
    close();
    // logOut signs the store out even when the identity service fails, so there is nothing to undo;
    // the route guard sends the visitor to /login if the page they are on needs a user.
    logOut().catch(() => undefined);
  };

  return (
    <Bar>
      <SkipLink href="#main">Skip to content</SkipLink>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- catches Escape bubbling up from the menu's links */}
      <nav aria-label="Main" onKeyDown={closeOnEscape}>
        <Row>
          <Brand to={SITE_PATHS.home} onClick={close}>
            <img src={logoUrl} alt="UsedCars home" width={154} height={35} />
          </Brand>
          {status === 'signedIn' ? (
            <BellSlot>
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
            </BellSlot>
          ) : null}
          <MenuButton ref={menuButton} type="button" aria-label="Menu" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((isOpen) => !isOpen)}>
            <HamburgerIcon open={open} />
          </MenuButton>
          <Menu id={menuId} $open={open}>
            <Links>
              <li>
                <Item to={SITE_PATHS.home} end onClick={close}>
                  Home
                </Item>
              </li>
              <li>
                <Item to={SITE_PATHS.about} onClick={close}>
                  About Us
                </Item>
              </li>
              <li>
                <Item to={SITE_PATHS.blogs} onClick={close}>
                  Blogs
                </Item>
              </li>
              {status === 'signedIn' && email ? (
                <li>
                  <Item to={SITE_PATHS.dashboard} onClick={close}>
                    Dashboard
                  </Item>
                </li>
              ) : null}
            </Links>
            <AuthSlot>
              {status === 'signedIn' ? (
                <GhostButton type="button" onClick={handleLogOut}>
                  Log Out
                </GhostButton>
              ) : null}
              {status === 'signedOut' ? (
                <ButtonLink to={SITE_PATHS.login} onClick={close}>
                  Login
                </ButtonLink>
              ) : null}
            </AuthSlot>
          </Menu>
        </Row>
      </nav>
    </Bar>
  );
}
