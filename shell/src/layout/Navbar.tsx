import { Suspense, lazy, useState } from 'react';
import { logOut, useAuth } from '@usedcars/shared-auth';
import { SITE_PATHS } from '@usedcars/shared-contract';
import { ButtonLink, GhostButton, VisuallyHidden } from '@usedcars/shared-ui';
// In the markup itself: on every page's first paint, and no request before it (docs/performance.md).
import logoUrl from '../assets/logo.svg?inline';
import { HamburgerIcon } from './HamburgerIcon';
import { SearchBox } from './SearchBox';
import { AuthSlot, Bar, BellSlot, Brand, Item, Links, Menu, MenuButton, Row, SkipLink, UnreadBadge } from './navbarStyles';
import { useMenu } from './useMenu';

// Only signed-in people have a bell: a visitor's page does not fetch its code.
const NotificationBell = lazy(() => import(/* webpackChunkName: "notification-bell" */ './NotificationBell'));
const UnreadMessages = lazy(() => import(/* webpackChunkName: "unread-messages" */ './UnreadMessages'));

/** The site's top bar (docs/product.md, "Navbar"): brand, the links, and Login or Log Out by auth state. */
export function Navbar() {
  const status = useAuth((state) => state.status);
  const email = useAuth((state) => state.user?.email);
  const { open, menuId, menuButton, close, toggle, closeOnEscape } = useMenu();
  // Told by the message stream while someone is signed in; the bell adds it to its own count.
  const [messagesUnread, setMessagesUnread] = useState(0);

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
                <UnreadMessages onUnread={setMessagesUnread} />
                <NotificationBell messagesUnread={messagesUnread} />
              </Suspense>
            </BellSlot>
          ) : null}
          <SearchBox onSearch={close} />
          <MenuButton ref={menuButton} type="button" aria-label="Menu" aria-expanded={open} aria-controls={menuId} onClick={toggle}>
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
              {status === 'signedIn' && email ? (
                <li>
                  <Item to={SITE_PATHS.messages} onClick={close}>
                    Messages
                    {messagesUnread > 0 ? (
                      <>
                        <UnreadBadge aria-hidden="true">{messagesUnread > 99 ? '99+' : messagesUnread}</UnreadBadge>
                        <VisuallyHidden>, {messagesUnread} unread</VisuallyHidden>
                      </>
                    ) : null}
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
