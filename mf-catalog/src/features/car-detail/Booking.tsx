import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { SITE_PATHS, type Car } from '@usedcars/shared-contract';
import { useAuth, type LoginRedirectState } from '@usedcars/shared-auth';
import { theme } from '@usedcars/shared-ui';
import { BookNowButton } from '../../components/CarActions';
import { useBookingDialog } from '../../components/BookingDialogHost';
import { useIsBuyer } from '../../hooks/useIsBuyer';

const Aside = styled.p`
  margin: 0;
  color: ${theme.color.muted};
`;

/** Book Now for a Buyer; a signed-out visitor is offered the login that leads back here. */
export function Booking({ car }: { car: Car }) {
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
