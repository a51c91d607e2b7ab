import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { ButtonLink, Spinner, theme, usePageTitle } from '@usedcars/shared-ui';
import { SITE_ROUTES } from '@usedcars/shared-contract';
import { useRole } from '../hooks/useRole';

/** The admin's screens are reachable by typing their address; anyone but the admin is told they are not theirs. */
export function AdminOnly({ title, refusal = 'Only the admin moderates listings.', children }: { title: string; refusal?: string; children: ReactNode }) {
  const role = useRole();
  const titleId = useId();
  usePageTitle(role === 'admin' ? `Dashboard - ${title}` : 'Dashboard');
  if (role === undefined) return <Spinner label="Checking your account…" />;
  if (role === 'admin') return <>{children}</>;
  return (
    <Notice aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      <p>{refusal}</p>
      <ButtonLink to={SITE_ROUTES.dashboard}>Back to your dashboard</ButtonLink>
    </Notice>
  );
}

const Notice = styled.section`
  max-width: 560px;
  p {
    color: ${theme.color.muted};
  }
`;
