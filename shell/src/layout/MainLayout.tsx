import { useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import styled from 'styled-components';
import { Container } from '@usedcars/shared-ui';
import { Navbar } from './Navbar';
import { Footer } from './Footer';

const Page = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

/**
 * At least a screen tall: the footer starts below the fold, so a screen that arrives after the
 * layout (its remote still loading, a spinner while the sign-in is checked) never pushes anything
 * the visitor already sees.
 */
const Main = styled(Container).attrs({ as: 'main', id: 'main' })`
  flex: 1;
  min-height: 100vh;
  padding-bottom: 48px;
`;

/**
 * A new page starts at its top, as a full page load would; Back and Forward (POP) leave the
 * position to the browser.
 */
function useScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/** The shared layout (docs/product.md, "The screens"): navbar, the page at most 1310px wide, footer. */
export function MainLayout() {
  useScrollToTopOnNavigation();
  return (
    <Page>
      <Navbar />
      <Main>
        <Outlet />
      </Main>
      <Footer />
    </Page>
  );
}
