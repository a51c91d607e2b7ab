import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { type LoginRedirectState, useAuth } from '@usedcars/shared-auth';
import { type Car, SITE_PATHS } from '@usedcars/shared-contract';
import { ButtonLink, theme } from '@usedcars/shared-ui';
import { useIsBuyer } from '../../hooks/useIsBuyer';

/**
 * "Ask the seller" (docs/product.md, "Messages"): a link into the messages area for a buyer, the
 * login that leads there for a visitor; sellers and the admin do not ask. Only a link: the car's
 * page carries none of the messages area's code. The area keeps its height whatever it shows.
 */
export function AskSeller({ car }: { car: Car }) {
  const isBuyer = useIsBuyer();
  const signedOut = useAuth((state) => state.status === 'signedOut');
  const to = SITE_PATHS.askSeller(car._id);
  const login: LoginRedirectState = { from: { pathname: to } };
  return (
    <Area>
      {isBuyer ? (
        <AskLink to={to} state={{ carName: car.carName }}>
          Ask the seller
        </AskLink>
      ) : signedOut ? (
        <Aside>
          Questions?{' '}
          <Link to={SITE_PATHS.login} state={login}>
            Log in to ask the seller
          </Link>
        </Aside>
      ) : null}
    </Area>
  );
}

const Area = styled.div`
  display: flex;
  align-items: center;
  min-height: 48px;
`;

const AskLink = styled(ButtonLink)`
  background: ${theme.color.ink};
  &:hover {
    background: #000;
  }
`;

const Aside = styled.p`
  margin: 0;
  color: ${theme.color.muted};
`;
