import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Container } from '@usedcars/shared-ui';
import { Navbar } from './Navbar';
import { Footer } from './Footer';
import { PreviewBar } from '../features/preview/PreviewBar';

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

/** The shared layout (docs/product.md, "The screens"): navbar, a previewing visitor's bar, the page at most 1310px wide, footer; the screens in between. */
export function MainLayout({ children }: { children: ReactNode }) {
  return (
    <Page>
      <Navbar />
      <PreviewBar />
      <Main>{children}</Main>
      <Footer />
    </Page>
  );
}
