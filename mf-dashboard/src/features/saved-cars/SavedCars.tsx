import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { carDetailPath, type CarResponse, type GoneCar } from '@usedcars/shared-contract';
import { PriceDrop, StatusBadge, formatPrice, theme, usePageTitle } from '@usedcars/shared-ui';
import { BrandLinks } from '../../components/BrandLinks';
import { CarThumb } from '../../components/CarThumb';
import { DataTable, type Column } from '../../components/DataTable';
import { SmallButton } from '../../components/SmallButton';
import { useRemoveSavedCar, useSavedCars } from './useSavedCars';

function RemoveButton({ car }: { car: CarResponse }) {
  const remove = useRemoveSavedCar();
  return (
    <SmallButton type="button" aria-label={`Remove ${car.carName}`} onClick={() => remove.mutate({ carId: car._id, carName: car.carName })}>
      Remove
    </SmallButton>
  );
}

const columns: Column<CarResponse>[] = [
  { header: 'Sl No', cell: (_, index) => index + 1, nowrap: true },
  { header: 'Image', cell: (car) => <CarThumb img={car.img} photo={car.photos[0]} name={car.carName} /> },
  { header: 'Title', cell: (car) => <Link to={carDetailPath(car.categoryName, car._id)}>{car.carName}</Link>, text: true, card: 'title' },
  {
    header: 'Price',
    cell: (car) => (
      <>
        {formatPrice(car.currentPrice)}
        <Drop priceHistory={car.priceHistory} />
      </>
    ),
    align: 'end',
    nowrap: true,
  },
  { header: 'Status', cell: (car) => <StatusBadge status={car.status} />, nowrap: true },
  { header: 'Remove', cell: (car) => <RemoveButton car={car} />, nowrap: true },
];

/** Saved cars that left the site meanwhile, each with the API's note instead of an error. */
function GoneCars({ gone }: { gone: readonly GoneCar[] }) {
  const headingId = useId();
  if (gone.length === 0) return null;
  return (
    <Gone aria-labelledby={headingId}>
      <h2 id={headingId}>No longer listed</h2>
      <ul>
        {gone.map((car) => (
          <li key={car.carId}>
            <strong dir="auto">{car.carName}</strong>: {car.note}
          </li>
        ))}
      </ul>
    </Gone>
  );
}

/** Saved cars (docs/product.md, "Saved cars"): the buyer's list, kept by the server, so the same on every device. */
export function SavedCars() {
  usePageTitle('Dashboard - Saved cars');
  const query = useSavedCars();
  const rows = { ...query, data: query.data?.cars };
  return (
    <>
      <h1>Saved cars</h1>
      <DataTable
        caption="Saved cars"
        columns={columns}
        query={rows}
        empty={
          <p>
            No saved cars yet. Browse <BrandLinks /> cars and press the heart on a car you like.
          </p>
        }
      />
      <GoneCars gone={query.data?.gone ?? []} />
    </>
  );
}

// Under the price, on its own line.
const Drop = styled(PriceDrop)`
  display: table;
  margin: 4px 0 0 auto;
`;

const Gone = styled.section`
  margin-top: 24px;
  ul {
    margin: 0;
    padding-left: 20px;
    color: ${theme.color.muted};
  }
  li + li {
    margin-top: 4px;
  }
`;
