import { useId } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { CATEGORY_PATHS, type Category } from '@usedcars/shared-contract';
import { BackLink, ErrorPanel, errorText, theme, usePageTitle, VisuallyHidden } from '@usedcars/shared-ui';
import { isEndedListing, useCar } from '../../lib/carQueries';
import { CarView } from './CarView';
import { LoadingView } from './LoadingView';

const Page = styled.article`
  padding: 24px 0 48px;
`;

const Message = styled.div`
  padding: 48px 16px;
  text-align: center;
  h1 {
    margin: 0 0 8px;
  }
  p {
    color: ${theme.color.muted};
  }
`;

/** A car's page, loaded by id (docs/product.md, "Car detail"): its picture, name and every field. */
export default function CarDetailPage({ category }: { category: Category }) {
  const { id = '' } = useParams();
  const { label, listRoute } = CATEGORY_PATHS[category];
  const carQuery = useCar(category, id);
  // isFetching is read only in the error panel: a refetch in the background then renders nothing (docs/performance.md, "A hydrated screen renders once").
  const { data: lookup, isPending, isError, error, refetch } = carQuery;
  const ended = isEndedListing(lookup) ? lookup : undefined;
  const car = isEndedListing(lookup) ? undefined : lookup;
  usePageTitle(car ? car.carName : car === null ? 'Car not found' : ended ? 'No longer listed' : 'Used Cars');
  const titleId = useId();

  if (car === null) {
    return (
      <Message role="region" aria-labelledby="car-missing">
        <h1 id="car-missing">Car not found</h1>
        <p>We could not find this {label} car. It may have been removed, or the link may be mistyped.</p>
        <Link to={listRoute}>See all {label} cars</Link>
      </Message>
    );
  }

  if (ended) {
    return (
      <Message role="region" aria-labelledby="car-ended">
        <h1 id="car-ended">No longer listed</h1>
        <p>{ended.message}</p>
        <Link to={listRoute}>See all {label} cars</Link>
      </Message>
    );
  }

  return (
    <Page aria-busy={isPending} aria-label={car ? undefined : `${label} car`} aria-labelledby={car ? titleId : undefined}>
      <BackLink to={listRoute}>← All {label} cars</BackLink>
      {car ? (
        <CarView car={car} titleId={titleId} />
      ) : isError ? (
        <ErrorPanel title="We could not load this car." message={errorText(error)} retrying={carQuery.isFetching} onRetry={() => void refetch()} />
      ) : (
        <>
          <VisuallyHidden role="status">Loading the car…</VisuallyHidden>
          <LoadingView />
        </>
      )}
    </Page>
  );
}
