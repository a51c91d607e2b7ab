import styled from 'styled-components';
import type { Car } from '@usedcars/shared-contract';
import { theme } from '@usedcars/shared-ui';
import { CarFacts, type CarFact } from '../../components/CarFacts';
import { CarPrices } from '../../components/CarPrices';
import { SaveCarButton } from '../../components/SaveCarButton';
import { StatusBadge } from '../../components/StatusBadge';
import { CompareButton } from '../../components/CompareButton';
import { CompareLink } from '../../components/CompareLink';
import { useSiteSettings } from '../../hooks/useSiteSettings';
import { AskSeller } from './AskSeller';
import { DealVerdict } from './DealVerdict';
import { MonthlyCost } from './MonthlyCost';
import { Booking } from './Booking';
import { Layout } from './CarLayout';
import { Gallery } from './Gallery';
import { ReportListing } from './ReportListing';

const DETAIL_FACTS: readonly CarFact[] = [
  'details',
  'condition',
  'purchaseYear',
  'mileage',
  'fuel',
  'gearbox',
  'body',
  'colour',
  'previousOwners',
  'used',
  'location',
  'contact',
  'sellerName',
  'posted',
];

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

const Facts = styled(CarFacts)`
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

const CompareRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  margin: 12px 0 0;
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

/** A loaded car: its photos beside its name, prices, booking and every fact. */
export function CarView({ car, titleId }: { car: Car; titleId: string }) {
  const { finance } = useSiteSettings();
  return (
    <Layout>
      <Gallery car={car} />
      <div>
        <Heading>
          <h1 id={titleId} dir="auto">
            {car.carName}
          </h1>
          <StatusBadge status={car.status} />
          <SaveCarButton car={car} describedBy={titleId} keepPlace />
        </Heading>
        <CarPrices car={car} size="page" />
        <DealVerdict car={car} />
        <CompareRow>
          <CompareButton car={car} describedBy={titleId} />
          <CompareLink />
        </CompareRow>
        <BookingArea>
          <Booking car={car} />
        </BookingArea>
        <AskSeller car={car} />
        <Facts car={car} facts={DETAIL_FACTS} />
        <MonthlyCost key={car._id} price={car.currentPrice} finance={finance} />
        <ReportListing car={car} />
      </div>
    </Layout>
  );
}
