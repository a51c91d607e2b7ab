import { useEffect, useMemo, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { COMPARE_MAX, SITE_PATHS, carDetailPath, dealReason, type Car, type MileageUnit } from '@usedcars/shared-contract';
import { carImageUrl } from '@usedcars/shared-api/cars';
import { ErrorPanel, errorText, focusRing, formatPrice, GhostButton, Spinner, theme, usePageTitle, VisuallyHidden } from '@usedcars/shared-ui';
import { DealBadge } from '@usedcars/shared-ui/deal';
import { Picture } from '@usedcars/shared-ui/picture';
import { useSiteSettings } from '../../hooks/useSiteSettings';
import { comparePath, writeCompareList } from '../../hooks/useCompareList';
import { useComparedCars } from '../../lib/carQueries';
import { readCompareIds } from '../../lib/compareParams';
import { formatPosted } from '../../lib/format';
import { factRows, type CompareRow } from './compareRows';

const Title = styled.h1`
  margin: 32px 0 8px;
`;

const Intro = styled.p`
  margin: 0 0 16px;
  color: ${theme.color.muted};
`;

/** At 375 px three cars do not fit: the table scrolls sideways in its own region, named so a keyboard can reach it. */
const Scroller = styled.div`
  overflow-x: auto;
  background: ${theme.color.surface};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  ${focusRing};
`;

/** Each car's column keeps room for a model's name on one line; a phone scrolls the table instead. */
const Table = styled.table`
  width: 100%;
  min-width: 660px;
  border-collapse: collapse;
  table-layout: fixed;
  th,
  td {
    padding: 10px 12px;
    border-bottom: 1px solid ${theme.color.line};
    text-align: left;
    vertical-align: top;
    overflow-wrap: anywhere;
  }
  thead td,
  tbody th {
    width: 140px;
    color: ${theme.color.muted};
    font-weight: 600;
  }
  tr[data-differs='true'] td {
    background: #fff8e1;
  }
  .differs {
    display: block;
    font-size: 12px;
    font-weight: 700;
    color: #7a4a00;
  }
  .car-name {
    display: block;
    margin: 8px 0;
    font-size: 16px;
    font-weight: 700;
  }
  .price {
    font-size: 20px;
    font-weight: 700;
    color: ${theme.color.brand};
  }
  .reason {
    display: block;
    margin-top: 4px;
    font-size: 13px;
    color: ${theme.color.muted};
  }
  img {
    width: 100%;
    height: auto;
    border-radius: 6px;
  }
`;

const Notice = styled.p`
  margin: 0 0 16px;
  padding: 12px 16px;
  background: ${theme.color.surface};
  border-left: 4px solid ${theme.color.focus};
  border-radius: ${theme.radius};
`;

/** The comparison's cells: one fact of each car, marked when the cars differ in it. */
function Row({ row, cars, unit }: { row: CompareRow; cars: Car[]; unit: MileageUnit }) {
  const values = cars.map((car) => row.text(car, unit));
  const differs = cars.length > 1 && new Set(values).size > 1;
  return (
    <tr data-differs={differs}>
      <th scope="row">
        {row.label}
        {differs ? <span className="differs">Differs</span> : null}
      </th>
      {cars.map((car, index) => (
        <td key={car._id} dir={row.sellersWords ? 'auto' : undefined}>
          {row.render ? row.render(car, unit) : values[index]}
        </td>
      ))}
    </tr>
  );
}

function priceCell(car: Car): ReactNode {
  const market = car.market ?? { estimate: null, comparables: 0, rating: null };
  return (
    <>
      <span className="price">{formatPrice(car.currentPrice)}</span>
      <div>
        <DealBadge rating={market.rating} />
        <span className="reason">{dealReason(car.currentPrice, market)}</span>
      </div>
    </>
  );
}

const TOP_ROWS: CompareRow[] = [
  { label: 'Price', text: (car) => String(car.currentPrice), render: priceCell },
  { label: 'Original price', text: (car) => formatPrice(car.price) },
];

/**
 * Up to three cars side by side (docs/product.md, "Compare"): prices and deal ratings on top, then
 * every fact in a row, the rows where the cars differ marked. The cars are the address's
 * (`/compare?ids=…`), so a shared link compares the same; taking one out keeps the rest.
 */
export default function ComparePage() {
  usePageTitle('Compare cars');
  const [searchParams] = useSearchParams();
  const ids = useMemo(() => readCompareIds(searchParams), [searchParams]);
  const { mileageUnit } = useSiteSettings();
  const navigate = useNavigate();
  const compared = useComparedCars(ids);
  const cars = compared.data ?? [];
  const gone = compared.data ? ids.length - cars.length : 0;

  // The address is the truth: the cards' Compare buttons follow it, so adding one from a list keeps these.
  useEffect(() => writeCompareList(ids), [ids]);

  const remove = (id: string) => navigate(comparePath(ids.filter((other) => other !== id)));

  if (ids.length === 0) {
    return (
      <section aria-labelledby="compare-title">
        <Title id="compare-title">Compare cars</Title>
        <Intro>
          Pick up to {COMPARE_MAX} cars with <strong>Compare</strong> on their cards or pages, then come back here.{' '}
          <Link to={SITE_PATHS.search}>Find cars</Link>
        </Intro>
      </section>
    );
  }

  return (
    <section aria-labelledby="compare-title">
      <Title id="compare-title">Compare cars</Title>
      <Intro>
        Every fact side by side; rows where the cars differ are marked. {ids.length < COMPARE_MAX ? <Link to={SITE_PATHS.search}>Add a car</Link> : null}
      </Intro>
      {gone > 0 ? <Notice role="status">{gone === 1 ? 'One car you picked is' : `${gone} cars you picked are`} no longer listed.</Notice> : null}
      {compared.isError ? (
        <ErrorPanel
          title="We could not load these cars."
          message={errorText(compared.error)}
          retrying={compared.isFetching}
          onRetry={() => void compared.refetch()}
        />
      ) : compared.isPending ? (
        <Spinner label="Loading the cars…" />
      ) : cars.length === 0 ? (
        <Notice>
          None of these cars is listed any more. <Link to={SITE_PATHS.search}>Find cars</Link>
        </Notice>
      ) : (
        // A region that scrolls sideways must be reachable by keyboard.
        <Scroller tabIndex={0} role="region" aria-label="Compared cars">
          <Table>
            <caption>
              <VisuallyHidden>The cars compared, one per column</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <td />
                {cars.map((car) => (
                  <th key={car._id} scope="col">
                    <Picture
                      photo={car.photos?.[0]}
                      src={car.img}
                      resolveUrl={carImageUrl}
                      alt=""
                      placeholderLabel={`${car.carName}: no picture`}
                      sizes="300px"
                      width={300}
                      height={188}
                    />
                    <Link className="car-name" to={carDetailPath(car.categoryName, car._id)} dir="auto">
                      {car.carName}
                    </Link>
                    <GhostButton type="button" aria-label={`Remove ${car.carName}`} onClick={() => remove(car._id)}>
                      Remove
                    </GhostButton>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...TOP_ROWS, ...factRows(formatPosted)].map((row) => (
                <Row key={row.label} row={row} cars={cars} unit={mileageUnit} />
              ))}
            </tbody>
          </Table>
        </Scroller>
      )}
    </section>
  );
}
