import { Outlet, ScrollRestoration } from 'react-router-dom';
import styled from 'styled-components';
import { Container } from '@usedcars/shared-ui';
import { Navbar } from './Navbar';
import { Footer } from './Footer';

const Page = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

const Main = styled(Container).attrs({ as: 'main', id: 'main' })`
  flex: 1;
  padding-bottom: 48px;
`;

/** The shared layout of SPEC.md §2: navbar, the page at most 1310px wide, footer. */
export function MainLayout() {
  return (
    <Page>
      <Navbar />
      <Main>
        <Outlet />
      </Main>
      <Footer />
      <ScrollRestoration />
    </Page>
  );
}
