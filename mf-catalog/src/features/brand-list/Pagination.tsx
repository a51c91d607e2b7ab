import { PageLinks } from '../../components/PageLinks';
import { LAST_NUMBERED_PAGE, PAGE_SIZE, writeListView, type ListView } from '../../lib/listParams';

/** The cursors the shown page was served with; none while another view's page stands in for it. */
export interface PageCursors {
  next?: string;
  prev?: string;
}

/**
 * Pages are links (the page is in the address), so a page can be bookmarked or opened in a new
 * tab, and the browser only ever holds one page of a brand however many cars it has.
 *
 * A link to a numbered page (LAST_NUMBERED_PAGE or before) is by its number alone; a link past
 * it carries the cursor this page's response gave for that side, so Next from the last numbered
 * page and Previous back to it cross over without ever asking for an offset the API refuses.
 * Without that cursor (the last page, or while the page loads) the link is not offered.
 */
export function Pagination({ view, total, cursors }: { view: ListView; total: number; cursors?: PageCursors }) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages === 1 && view.page === 1) return null;
  const to = (page: number, cursor: string | undefined) => ({ search: `?${writeListView({ ...view, page, cursor }).toString()}` });
  const previous =
    view.page - 1 <= LAST_NUMBERED_PAGE
      ? view.page > 1 && to(Math.min(view.page - 1, pages), undefined)
      : cursors?.prev !== undefined && to(view.page - 1, cursors.prev);
  const next =
    view.page + 1 <= LAST_NUMBERED_PAGE ? view.page < pages && to(view.page + 1, undefined) : cursors?.next !== undefined && to(view.page + 1, cursors.next);
  return <PageLinks page={view.page} pages={pages} previous={previous} next={next} />;
}
