import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { SELLER_CARS_MAX } from '@usedcars/shared-api/cars';
import { CATEGORY_PATHS, SITE_PATHS, type Car } from '@usedcars/shared-contract';
import { StatusBadge, formatPrice, theme, usePageTitle } from '@usedcars/shared-ui';
import { EditPhotosDialog } from '../photos/EditPhotosDialog';
import { SmallButton } from '../photos/UploadArea';
import { CarThumb } from '../table/CarThumb';
import { DataTable, type Column } from '../table/DataTable';
import { useMyProducts } from './useMyProducts';

const baseColumns: Column<Car>[] = [
  { header: 'Sl No', cell: (_, index) => index + 1, nowrap: true },
  { header: 'Image', cell: (car) => <CarThumb img={car.img} photo={car.photos?.[0]} name={car.carName} /> },
  { header: 'Car', cell: (car) => car.carName, text: true },
  { header: 'Brand', cell: (car) => CATEGORY_PATHS[car.categoryName].label },
  { header: 'Price', cell: (car) => formatPrice(car.currentPrice), align: 'end', nowrap: true },
  { header: 'Posted', cell: (car) => car.time, nowrap: true },
  { header: 'State', cell: (car) => <StatusBadge status={car.status} />, nowrap: true },
];

/** My Products (docs/product.md, "My Products"): the seller's cars of every brand, newest first, with their state. */
export function MyProducts() {
  usePageTitle('Dashboard - My Products');
  const products = useMyProducts();
  const [editing, setEditing] = useState<Car | null>(null);
  const columns: Column<Car>[] = [
    ...baseColumns,
    {
      header: 'Photos',
      cell: (car) => (
        <SmallButton type="button" onClick={() => setEditing(car)} aria-label={`Edit photos of ${car.carName}`}>
          Edit photos{car.photos?.length ? ` (${car.photos.length})` : ''}
        </SmallButton>
      ),
      nowrap: true,
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
      {editing && <EditPhotosDialog car={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

const Note = styled.p`
  color: ${theme.color.muted};
`;
