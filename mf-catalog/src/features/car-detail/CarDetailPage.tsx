import { useId } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { CATEGORY_PATHS, SITE_PATHS, type Car, type Category } from '@usedcars/shared-contract';
import { errorText, useAuth, type LoginRedirectState } from '@usedcars/shared-auth';
import { ErrorPanel, PriceDrop, VisuallyHidden, focusRing, formatPrice, theme, usePageTitle } from '@usedcars/shared-ui';
import { isEndedListing, useCar } from '../../lib/carQueries';
import { BookNowButton } from '../../components/CarActions';
import { useIsBuyer } from '../../hooks/useIsBuyer';
import { useBookingDialog } from '../../components/BookingDialogHost';
import { StatusBadge } from '../../components/StatusBadge';
import { SaveCarButton } from '../../components/SaveCarButton';
import { SkeletonBlock } from '../../components/Skeleton';
import { formatPosted } from '../../lib/format';
import { ReportListing } from './ReportListing';
import { Gallery } from './Gallery';

const Page = styled.article`
  padding: 24px 0 48px;
`;

const Back = styled(Link)`
  display: inline-block;
  margin-bottom: 16px;
  font-weight: 600;
  ${focusRing};
`;

const Layout = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 360px), 1fr));
  gap: 32px;
  align-items: start;
`;

/** The main photo's box while the car loads (the gallery reserves the same). */
const Picture = styled.div`
  aspect-ratio: 16 / 10;
  border-radius: ${theme.radius};
  overflow: hidden;
  background: ${theme.color.line};
`;

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  h1 {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const Prices = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 32px;
  margin: 16px 0;
  dt {
    color: ${theme.color.muted};
    font-size: 14px;
  }
  dd {
    margin: 0;
    font-size: 20px;
    white-space: nowrap;
    font-weight: 600;
  }
  .current dd {
    font-size: 28px;
    font-weight: 700;
    color: ${theme.color.brand};
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(110px, auto) minmax(0, 1fr);
  gap: 8px 16px;
  margin: 24px 0 0;
  padding: 20px;
  background: ${theme.color.surface};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  dt {
    color: ${theme.color.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/**
 * Who may book is known only after the page has appeared (the server renders it for no one): the
 * area keeps the height of its tallest content (Book Now with the note of a car already sold)
 * from the start, so the details below never move.
 */
const BookingArea = styled.div`
  display: flex;
  flex-direction: column;
  justify-content: center;
  align-items: flex-start;
  min-height: 76px;
`;

const Aside = styled.p`
  margin: 0;
  color: ${theme.color.muted};
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

/** Book Now for a Buyer; a signed-out visitor is offered the login that leads back here. */
function Booking({ car }: { car: Car }) {
  const isBuyer = useIsBuyer();
  const status = useAuth((state) => state.status);
  const location = useLocation();
  const dialog = useBookingDialog();
  if (isBuyer) {
    return (
      <>
        <BookNowButton car={car} onBook={dialog.open} />
        {dialog.dialog}
      </>
    );
  }
  if (status === 'signedOut') {
    const state: LoginRedirectState = { from: { pathname: location.pathname, search: location.search } };
    return (
      <Aside>
        <Link to={SITE_PATHS.login} state={state}>
          Log in
        </Link>{' '}
        with a buyer account to book this car.
      </Aside>
    );
  }
  if (status === 'signedIn') return <Aside>Only buyer accounts can book cars.</Aside>;
  return null;
}

function CarView({ car, titleId }: { car: Car; titleId: string }) {
  return (
    <Layout>
      <Gallery car={car} />
      <div>
        <Heading>
          <h1 id={titleId} dir="auto">
            {car.carName}
          </h1>
          <StatusBadge status={car.status} />
          <SaveCarButton car={car} describedBy={titleId} />
        </Heading>
        <Prices>
          <div className="current">
            <dt>Current price</dt>
            <dd>{formatPrice(car.currentPrice)}</dd>
          </div>
          <div>
            <dt>Original price</dt>
            <dd>{formatPrice(car.price)}</dd>
          </div>
        </Prices>
        <PriceDrop priceHistory={car.priceHistory} />
        <BookingArea>
          <Booking car={car} />
        </BookingArea>
        <Facts>
          <dt>Details</dt>
          <dd dir="auto">{car.details}</dd>
          <dt>Condition</dt>
          <dd dir="auto">{car.condition}</dd>
          <dt>Purchase year</dt>
          <dd>{car.purchaseYear}</dd>
          <dt>Used</dt>
          <dd dir="auto">{car.used}</dd>
          <dt>Location</dt>
          <dd dir="auto">{car.location}</dd>
          <dt>Contact</dt>
          <dd dir="auto">{car.contact}</dd>
          <dt>Seller</dt>
          <dd dir="auto">{car.sellerName}</dd>
          <dt>Posted</dt>
          <dd>
            <time dateTime={car.time}>{formatPosted(car.time)}</time>
          </dd>
        </Facts>
        <ReportListing car={car} />
      </div>
    </Layout>
  );
}

function LoadingView() {
  return (
    <Layout aria-hidden="true" data-testid="car-skeleton">
      <Picture>
        <SkeletonBlock $height="100%" style={{ borderRadius: 0 }} />
      </Picture>
      <div>
        <SkeletonBlock $height="36px" $width="70%" />
        <SkeletonBlock $height="32px" $width="40%" style={{ margin: '16px 0' }} />
        <SkeletonBlock $height="44px" $width="160px" />
        <SkeletonBlock $height="220px" style={{ marginTop: 24 }} />
      </div>
    </Layout>
  );
}

/** A car's page, loaded by id (docs/product.md, "Car detail"): its picture, name and every field. */
export default function CarDetailPage({ category }: { category: Category }) {
  const { id = '' } = useParams();
  const { label, listRoute } = CATEGORY_PATHS[category];
  const { data: lookup, isPending, isError, error, isFetching, refetch } = useCar(category, id);
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
      <Back to={listRoute}>← All {label} cars</Back>
      {car ? (
        <CarView car={car} titleId={titleId} />
      ) : isError ? (
        <ErrorPanel title="We could not load this car." message={errorText(error)} retrying={isFetching} onRetry={() => void refetch()} />
      ) : (
        <>
          <VisuallyHidden role="status">Loading the car…</VisuallyHidden>
          <LoadingView />
        </>
      )}
    </Page>
  );
}
