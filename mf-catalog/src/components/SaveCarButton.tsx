import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useAuth, type LoginRedirectState } from '@usedcars/shared-auth';
import { SITE_PATHS, carDetailPath, type Car } from '@usedcars/shared-contract';
import { focusRing, theme } from '@usedcars/shared-ui';
import { useIsSaved, useToggleSaved } from '../hooks/savedCars';

const Heart = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  min-width: 44px;
  min-height: 44px;
  padding: 0 12px;
  border: 1px solid ${theme.color.line};
  border-radius: 22px;
  background: ${theme.color.surface};
  color: ${theme.color.brand};
  font: 600 14px/1 ${theme.font};
  cursor: pointer;
  svg {
    flex: none;
  }
  &[aria-pressed='true'] {
    border-color: ${theme.color.brand};
  }
  ${focusRing};
`;

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.6a4.4 4.4 0 0 1 7.5 2.8c0 5.5-7.5 10.1-7.5 10.1z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The heart's box, unseen: where the page flows around it, the server's HTML already holds its place. */
const HeartPlace = styled(Heart)`
  visibility: hidden;
`;

/**
 * The heart (docs/product.md, "Saved cars"): a toggle for a Buyer; a signed-out visitor is sent to
 * the login, which brings them back to this car's page. Sellers and the admin do not save cars.
 * With `keepPlace`, an unseen heart of the same size stands in while the session is unknown (the
 * server renders for no one) and for those who cannot save, so nothing beside or below it moves.
 */
export function SaveCarButton({ car, describedBy, className, keepPlace = false }: { car: Car; describedBy?: string; className?: string; keepPlace?: boolean }) {
  const status = useAuth((state) => state.status);
  const role = useAuth((state) => state.role);
  const saved = useIsSaved(car._id);
  const toggle = useToggleSaved(car);
  const navigate = useNavigate();

  if (status === 'signedOut') {
    const state: LoginRedirectState = { from: { pathname: carDetailPath(car.categoryName, car._id) } };
    return (
      <Heart type="button" className={className} aria-pressed={false} aria-describedby={describedBy} onClick={() => navigate(SITE_PATHS.login, { state })}>
        <HeartIcon filled={false} />
        Save car
      </Heart>
    );
  }
  if (status !== 'signedIn' || role !== 'Buyer') {
    return keepPlace ? (
      <HeartPlace as="span" className={className} aria-hidden="true">
        <HeartIcon filled={false} />
        Save car
      </HeartPlace>
    ) : null;
  }
  return (
    <Heart type="button" className={className} aria-pressed={saved} aria-describedby={describedBy} onClick={() => toggle.mutate(!saved)}>
      <HeartIcon filled={saved} />
      {saved ? 'Saved' : 'Save car'}
    </Heart>
  );
}
