import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { SELLER_CARS_MAX } from '@usedcars/shared-api/cars';
import { CATEGORY_PATHS, SITE_PATHS, endedStatus, type Car, type ListingEnding } from '@usedcars/shared-contract';
import { StatusBadge, formatPrice, theme, usePageTitle } from '@usedcars/shared-ui';
import { EditListingDialog } from './EditListingDialog';
import { EndListingDialog } from './EndListingDialog';
import { EditPhotosDialog } from './EditPhotosDialog';
import { SmallButton } from '../../components/SmallButton';
import { CarThumb } from '../../components/CarThumb';
import { DataTable, type Column } from '../../components/DataTable';
import { useMyProducts } from './useMyProducts';
import { useSaveCounts } from './useSaveCounts';

type Opened = { car: Car; what: 'edit' | 'photos' } | { car: Car; what: 'end'; ending: ListingEnding };

/** A car hidden by the moderators, or ended, cannot change: the API refuses, so nothing is offered. */
function canChange(car: Car): boolean {
  return car.hiddenReason === undefined && car.status !== 'withdrawn' && car.status !== 'soldElsewhere';
}

function State({ car }: { car: Car }) {
  return (
    <>
      <StatusBadge status={car.status} />
      {car.hiddenReason !== undefined && <HiddenNote dir="auto">Hidden by the moderators: {car.hiddenReason}</HiddenNote>}
    </>
  );
}

const baseColumns: Column<Car>[] = [
  { header: 'Sl No', cell: (_, index) => index + 1, nowrap: true },
  { header: 'Image', cell: (car) => <CarThumb img={car.img} photo={car.photos?.[0]} name={car.carName} /> },
  { header: 'Car', cell: (car) => car.carName, text: true, card: 'title' },
  { header: 'Brand', cell: (car) => CATEGORY_PATHS[car.categoryName].label, nowrap: true },
  { header: 'Price', cell: (car) => formatPrice(car.currentPrice), align: 'end', nowrap: true },
  { header: 'Posted', cell: (car) => car.time, nowrap: true },
  { header: 'State', cell: (car) => <State car={car} /> },
];

const photosText = (car: Car) => `Edit photos${car.photos?.length ? ` (${car.photos.length})` : ''}`;

/** My Products (docs/product.md, "My Products"): the seller's cars of every brand, newest first, with their state. */
export function MyProducts() {
  usePageTitle('Dashboard - My Products');
  const products = useMyProducts();
  const counts = useSaveCounts();
  const [opened, setOpened] = useState<Opened | null>(null);
  const close = () => setOpened(null);
  const columns: Column<Car>[] = [
    ...baseColumns,
    // Unknown while the counts load or if they fail: a blank, never a wrong 0.
    { header: 'Saved by', cell: (car) => (counts.data ? (counts.data.get(car._id) ?? 0) : ''), align: 'end', nowrap: true },
    {
      header: 'Manage',
      card: 'row',
      cell: (car) => (
        <Actions>
          {canChange(car) && (
            <SmallButton type="button" onClick={() => setOpened({ car, what: 'edit' })} aria-label={`Edit ${car.carName}`}>
              Edit
            </SmallButton>
          )}
          <SmallButton type="button" onClick={() => setOpened({ car, what: 'photos' })} aria-label={`${photosText(car)}, ${car.carName}`}>
            {photosText(car)}
          </SmallButton>
          {canChange(car) && endedStatus(car.status, 'soldElsewhere') && (
            <SmallButton
              type="button"
              onClick={() => setOpened({ car, what: 'end', ending: 'soldElsewhere' })}
              aria-label={`Mark sold elsewhere, ${car.carName}`}
            >
              Mark sold elsewhere
            </SmallButton>
          )}
          {canChange(car) && endedStatus(car.status, 'withdrawn') && (
            <SmallButton type="button" onClick={() => setOpened({ car, what: 'end', ending: 'withdrawn' })} aria-label={`Withdraw ${car.carName}`}>
              Withdraw
            </SmallButton>
          )}
        </Actions>
      ),
    },
  ];
  return (
    <>
      <h1>My Products</h1>
      <DataTable
        caption="My cars"
        columns={columns}
        query={products}
        empty={
          <p>
            You have not added a car yet. <Link to={SITE_PATHS.addProduct}>Add Product</Link> puts your first one on sale.
          </p>
        }
        note={products.truncated ? <Note>Showing your newest {SELLER_CARS_MAX.toLocaleString('en-US')} cars of each brand.</Note> : null}
      />
      {opened?.what === 'edit' && <EditListingDialog car={opened.car} onClose={close} />}
      {opened?.what === 'photos' && <EditPhotosDialog car={opened.car} onClose={close} />}
      {opened?.what === 'end' && <EndListingDialog car={opened.car} ending={opened.ending} onClose={close} />}
    </>
  );
}

const Note = styled.p`
  color: ${theme.color.muted};
`;

const HiddenNote = styled.span`
  display: block;
  margin-top: 4px;
  max-width: 240px;
  font-size: 14px;
  color: ${theme.color.danger};
  overflow-wrap: anywhere;
`;

/**
 * One above the other, each as wide as the column: where the panel is tight a label wraps between
 * its words ("Mark sold / elsewhere"), never inside one, so the table fits a laptop's panel.
 */
const Actions = styled.div`
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: 6px;
  > button {
    line-height: 1.25;
    text-align: center;
  }
`;
