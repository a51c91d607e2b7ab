import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { ErrorPanel, errorText, focusRing, GhostButton, Spinner, theme } from '@usedcars/shared-ui';

export interface Column<Row> {
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  /** Numbers read best right-aligned. */
  align?: 'start' | 'end';
  /** Short values (prices, dates, states) that must not break over two lines. */
  nowrap?: boolean;
  /**
   * Text a person typed (a car's name, a buyer's address): shown in its own direction, so an
   * Arabic or Hebrew value reads right to left inside an English row, with its short hyphenated
   * words kept whole.
   */
  text?: boolean;
  /**
   * Where the value sits when rows are cards (a narrow panel or a phone): 'title' heads the card,
   * 'row' takes a line of its own (buttons, long text); otherwise values share the card's lines.
   */
  card?: 'title' | 'row';
}

/** A hyphenated word of up to this many characters ("Mercedes-Benz", "Jean-Luc") stays on one line. */
const SHORT_WORD = 16;

/** Typed text with each short hyphenated word kept whole: the line breaks at its spaces, never at "Mercedes-" (docs/product.md, "Dashboard"). */
function keepHyphenatedWords(value: ReactNode): ReactNode {
  if (typeof value !== 'string' || !value.includes('-')) return value;
  return value.split(/(\S+-\S+)/).map((part, index) => (index % 2 === 1 && part.length <= SHORT_WORD ? <Word key={index}>{part}</Word> : part));
}

/** A value not known yet (a count still loading) keeps its line, so a card does not grow when it arrives. */
function keepLine(value: ReactNode): ReactNode {
  return value === '' || value === null || value === undefined || value === false ? '\u00a0' : value;
}

/** Rows shown at once: a seller with 500 cars gets pages of this many, with a count. */
const TABLE_PAGE_SIZE = 20;

/** What a table needs to know of its query (a subset of react-query's result). */
export interface TableQuery<Row> {
  data: readonly Row[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isRefetching: boolean;
  refetch: () => unknown;
}

/** Every row is an API record, keyed by its _id. */
interface DataTableProps<Row extends { _id: string }> {
  /** Names the table for screen readers and is shown above it. */
  caption: string;
  columns: readonly Column<Row>[];
  query: TableQuery<Row>;
  /** What to say when the list is empty. */
  empty: ReactNode;
  /** Above the rows, e.g. a note that the list is cut short. */
  note?: ReactNode;
  pageSize?: number;
}

/**
 * Every dashboard list is this table, so each one has the same loading, empty and error (with
 * retry) states. Where the table has less than 640 px (a phone, a narrow panel) each row is a card:
 * its title first, every other value under its column's name, so nothing scrolls sideways
 * (docs/product.md, "Dashboard"). A long list is shown a page at a time, with
 * "Showing 21–40 of 500" and Previous / Next (docs/product.md, "Long lists").
 */
export function DataTable<Row extends { _id: string }>({ caption, columns, query, empty, note, pageSize = TABLE_PAGE_SIZE }: DataTableProps<Row>) {
  const captionId = useId();
  const [requestedPage, setPage] = useState(0);
  const { data, isPending, isError, error, isRefetching, refetch } = query;

  if (isPending) return <Spinner label={`Loading ${caption.toLowerCase()}…`} />;

  const failure = isError ? (
    <ErrorPanel title={`We could not load ${caption.toLowerCase()}.`} message={errorText(error)} retrying={isRefetching} onRetry={() => void refetch()} />
  ) : null;

  // A failed refetch keeps the rows it had; a first failure has none to show.
  if (!data) return failure;

  const pages = Math.max(1, Math.ceil(data.length / pageSize));
  // A list that shrank (a deleted account) keeps the reader on its last page rather than an empty one.
  const page = Math.min(requestedPage, pages - 1);
  const first = page * pageSize;
  const rows = data.slice(first, first + pageSize);
  const titled = columns.some((column) => column.card === 'title');
  const cardPlace = (column: Column<Row>, index: number) => column.card ?? (!titled && index === 0 ? 'title' : undefined);

  return (
    <>
      {failure}
      {note}
      {data.length === 0 ? (
        <Empty>
          <Caption as="h2">{caption}</Caption>
          {empty}
        </Empty>
      ) : (
        <Narrow>
          <Scroller role="region" aria-labelledby={captionId} tabIndex={0}>
            {/* The roles are spelled out: a stacked table is shown with CSS display values that would otherwise hide them from screen readers. */}
            <Table role="table" aria-labelledby={captionId}>
              <Caption id={captionId}>{caption}</Caption>
              {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- kept by screen readers when the stacked layout changes the display */}
              <thead role="rowgroup">
                <tr role="row">
                  {columns.map((column) => (
                    <th key={column.header} role="columnheader" scope="col" data-align={column.align ?? 'start'}>
                      {column.header}
                    </th>
                  ))}
                </tr>
              </thead>
              {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- as the thead's */}
              <tbody role="rowgroup">
                {rows.map((row, index) => (
                  <tr key={row._id} role="row">
                    {columns.map((column, columnIndex) => (
                      <td
                        key={column.header}
                        // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a data cell, kept as one when stacked
                        role="cell"
                        data-label={column.header}
                        data-align={column.align ?? 'start'}
                        data-nowrap={column.nowrap ?? false}
                        data-card={cardPlace(column, columnIndex)}
                      >
                        {column.text ? (
                          <span dir="auto">{keepHyphenatedWords(keepLine(column.cell(row, first + index)))}</span>
                        ) : (
                          keepLine(column.cell(row, first + index))
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </Table>
            {/* Parsed last: until then the browser may paint a table whose columns later rows resize (docs/performance.md, "Painted whole"). */}
            <span hidden data-parsed="" />
          </Scroller>
        </Narrow>
      )}
      {data.length > 0 && (
        <Paging aria-label={`Pages of ${caption.toLowerCase()}`}>
          <span aria-live="polite">
            Showing {(first + 1).toLocaleString('en-US')}–{(first + rows.length).toLocaleString('en-US')} of {data.length.toLocaleString('en-US')}
          </span>
          {pages > 1 && (
            <span>
              <PageButton type="button" aria-label="Previous page" disabled={page === 0} onClick={() => setPage(page - 1)}>
                Previous
              </PageButton>
              <PageButton type="button" aria-label="Next page" disabled={page === pages - 1} onClick={() => setPage(page + 1)}>
                Next
              </PageButton>
            </span>
          )}
        </Paging>
      )}
    </>
  );
}

/**
 * The edge shadows show that more columns sit to the side: the white covers scroll with the
 * content ('local') and uncover the shadows ('scroll') only where there is more to see.
 */
const Scroller = styled.div`
  overflow-x: auto;
  -webkit-overflow-scrolling: touch;
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius};
  background:
    linear-gradient(to right, ${theme.color.surface} 30%, rgba(255, 255, 255, 0)) left / 40px 100% no-repeat local,
    linear-gradient(to left, ${theme.color.surface} 30%, rgba(255, 255, 255, 0)) right / 40px 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(16, 24, 40, 0.18), transparent) left / 14px 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(16, 24, 40, 0.18), transparent) right / 14px 100% no-repeat scroll;
  ${focusRing};
  &:not(:has(> [data-parsed])) {
    visibility: hidden;
  }
`;

const Table = styled.table`
  width: 100%;
  min-width: 560px;
  border-collapse: collapse;
  font-size: 15px;
  th,
  td {
    padding: 10px 8px;
    text-align: left;
    vertical-align: middle;
    border-bottom: 1px solid ${theme.color.line};
  }
  [data-align='end'] {
    text-align: right;
  }
  [data-nowrap='true'] {
    white-space: nowrap;
  }
  /* break-word, not anywhere: a long e-mail still breaks, but a column is never sized to a letter (docs/product.md, "Dashboard"). */
  td {
    overflow-wrap: break-word;
  }
  thead th {
    background: ${theme.color.canvas};
    color: ${theme.color.muted};
    font-size: 13px;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    white-space: nowrap;
  }
  tbody tr:last-child td {
    border-bottom: 0;
  }
  tbody tr:hover {
    background: ${theme.color.canvas};
  }
`;

/**
 * Sized by its container, not its content, so the stacked layout follows the room the table
 * has (a dashboard panel beside the navigation, or a phone's width).
 */
const Narrow = styled.div`
  container-type: inline-size;
  min-width: 0;
  @container (max-width: 640px) {
    /* Doubled class: above the table's own rules (right-aligned numbers, cell padding). */
    && {
      table,
      tbody {
        display: block;
        min-width: 0;
      }
      caption {
        display: block;
      }
      thead {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip: rect(0 0 0 0);
        white-space: nowrap;
      }
      tr {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(min(100%, 104px), 1fr));
        gap: 8px 16px;
        padding: 12px;
        border-bottom: 1px solid ${theme.color.line};
      }
      tbody tr:last-child {
        border-bottom: 0;
      }
      td {
        display: block;
        padding: 0;
        border: 0;
        text-align: left;
      }
      td[data-nowrap='true'] {
        white-space: normal;
      }
      td[data-card] {
        grid-column: 1 / -1;
      }
      td[data-card='title'] {
        order: -1;
        font-weight: 600;
      }
      /* The column's name above each value; empty alternative text, as the cell's header already names it for screen readers. */
      td:not([data-card='title'])::before {
        content: attr(data-label) / '';
        display: block;
        font-size: 12px;
        font-weight: 600;
        letter-spacing: 0.04em;
        text-transform: uppercase;
        color: ${theme.color.muted};
      }
      td:empty {
        display: none;
      }
    }
  }
`;

const Word = styled.span`
  white-space: nowrap;
`;

const Caption = styled.caption`
  caption-side: top;
  text-align: left;
  padding: 12px;
  font-size: 18px;
  font-weight: 700;
  color: ${theme.color.ink};
`;

const Empty = styled.div`
  padding: 8px 0 16px;
  color: ${theme.color.muted};
  h2 {
    padding: 0;
    margin: 0 0 8px;
  }
`;

const Paging = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  margin-top: 12px;
  color: ${theme.color.muted};
  font-size: 15px;
  > span:last-child {
    display: flex;
    gap: 8px;
  }
`;

const PageButton = styled(GhostButton)`
  min-height: 40px;
  padding: 0 14px;
  font-size: 14px;
`;
