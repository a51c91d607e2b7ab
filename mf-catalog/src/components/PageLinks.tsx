import { Link, type To } from 'react-router-dom';
import styled from 'styled-components';
import { focusRing, theme } from '@usedcars/shared-ui';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 12px;
  margin: 32px 0 8px;
`;

const PageLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 16px;
  border: 2px solid ${theme.color.brand};
  border-radius: ${theme.radius};
  color: ${theme.color.brand};
  font-weight: 600;
  text-decoration: none;
  ${focusRing};
  &:hover {
    background: ${theme.color.brand};
    color: #fff;
  }
`;

/** Shown in place of a link that leads nowhere, so the bar does not jump. */
const Inert = styled.span`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 16px;
  border: 2px solid ${theme.color.line};
  border-radius: ${theme.radius};
  color: ${theme.color.muted};
`;

/**
 * Previous page, "Page 3 of 12", Next page: links (the page is in the address), so a page can be
 * bookmarked or opened in a new tab; where there is nowhere to go, a grey placeholder of the same size.
 */
export function PageLinks({ page, pages, previous, next }: { page: number; pages: number; previous: To | false | undefined; next: To | false | undefined }) {
  return (
    <Nav aria-label="Pages">
      {previous ? (
        <PageLink to={previous} rel="prev">
          Previous page
        </PageLink>
      ) : (
        <Inert aria-hidden="true">Previous page</Inert>
      )}
      <span>
        Page {page} of {pages}
      </span>
      {next ? (
        <PageLink to={next} rel="next">
          Next page
        </PageLink>
      ) : (
        <Inert aria-hidden="true">Next page</Inert>
      )}
    </Nav>
  );
}
