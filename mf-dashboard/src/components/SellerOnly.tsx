import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { ButtonLink, Spinner, theme, usePageTitle } from '@usedcars/shared-ui';
import { SITE_ROUTES, type Role } from '@usedcars/shared-contract';
import { useRole } from '../hooks/useRole';

/**
 * The seller pages are reachable by typing their address. Anyone else gets a plain explanation
 * (docs/product.md, "Seller screens for anyone else") instead of a form the API would refuse anyway.
 */
export function SellerOnly({ title, reason, children }: { title: string; reason: string; children: ReactNode }) {
  return (
    <RoleOnly role="Seller" title={title} reason={reason}>
      {children}
    </RoleOnly>
  );
}

/** The same for the buyer pages (saved cars and searches). */
export function BuyerOnly({ title, reason, children }: { title: string; reason: string; children: ReactNode }) {
  return (
    <RoleOnly role="Buyer" title={title} reason={reason}>
      {children}
    </RoleOnly>
  );
}

function RoleOnly({ role: wanted, title, reason, children }: { role: Role; title: string; reason: string; children: ReactNode }) {
  const role = useRole();
  if (role === undefined) return <Spinner label="Checking your account…" />;
  if (role === wanted) return <>{children}</>;
  return <WrongRole title={title} reason={reason} role={role} wanted={wanted} />;
}

function WrongRole({ title, reason, role, wanted }: { title: string; reason: string; role: Role | null; wanted: Role }) {
  usePageTitle('Dashboard');
  const titleId = useId();
  return (
    <Notice aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      <p>{reason}</p>
      <p>
        {role ? `You are signed in with a ${role} account.` : 'Your account has no role yet.'} {wanted} accounts are chosen when registering.
      </p>
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
