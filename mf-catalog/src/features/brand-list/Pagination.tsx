import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { focusRing, theme } from '@usedcars/shared-ui';
import { PAGE_SIZE, writeListView, type ListView } from '../cars/listParams';

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
 * Pages are links (the page is in the address), so a page can be bookmarked or opened in a new
 * tab, and the browser only ever holds one page of a brand however many cars it has.
 */
export function Pagination({ view, total }: { view: ListView; total: number }) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages === 1 && view.page === 1) return null;
  const to = (page: number) => ({ search: `?${writeListView({ ...view, page }).toString()}` });
  return (
    <Nav aria-label="Pages">
      {view.page > 1 ? (
        <PageLink to={to(Math.min(view.page - 1, pages))} rel="prev">
          Previous page
        </PageLink>
      ) : (
        <Inert aria-hidden="true">Previous page</Inert>
      )}
      <span>
        Page {view.page} of {pages}
      </span>
      {view.page < pages ? (
        <PageLink to={to(view.page + 1)} rel="next">
          Next page
        </PageLink>
      ) : (
        <Inert aria-hidden="true">Next page</Inert>
      )}
    </Nav>
  );
}
