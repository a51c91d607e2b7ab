import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { ButtonLink, Spinner, theme, usePageTitle } from '@usedcars/shared-ui';
import { SITE_ROUTES, SELF_SERVICE_ROLES, type Role } from '@usedcars/shared-contract';
import { useRole } from '../hooks/useRole';

interface Guarded {
  title: string;
  reason: string;
  children: ReactNode;
}

/**
 * A dashboard screen for one role. Its address can be typed by anyone: anyone else gets a plain
 * explanation (docs/product.md, "Seller screens for anyone else") instead of a form the API would refuse anyway.
 */
export function RoleOnly({ role: wanted, title, reason, children }: Guarded & { role: Role }) {
  const role = useRole();
  if (role === undefined) return <Spinner label="Checking your account…" />;
  if (role === wanted) return <>{children}</>;
  return <WrongRole title={title} reason={reason} role={role} wanted={wanted} />;
}

/** The admin's screens do not name themselves: the guard names the page once the admin is known. */
export function AdminOnly({ title, refusal = 'Only the admin moderates listings.', children }: Omit<Guarded, 'reason'> & { refusal?: string }) {
  const role = useRole();
  usePageTitle(role === 'admin' ? `Dashboard - ${title}` : 'Dashboard');
  return (
    <RoleOnly role="admin" title={title} reason={refusal}>
      {children}
    </RoleOnly>
  );
}

function WrongRole({ title, reason, role, wanted }: { title: string; reason: string; role: Role | null; wanted: Role }) {
  usePageTitle('Dashboard');
  const titleId = useId();
  return (
    <Notice aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      <p>{reason}</p>
      {/* Only a role chosen when registering can be pointed to; the admin is made by the operator. */}
      {isSelfService(wanted) && (
        <p>
          {role ? `You are signed in with a ${role} account.` : 'Your account has no role yet.'} {wanted} accounts are chosen when registering.
        </p>
      )}
      <ButtonLink to={SITE_ROUTES.dashboard}>Back to your dashboard</ButtonLink>
    </Notice>
  );
}

function isSelfService(role: Role): boolean {
  return (SELF_SERVICE_ROLES as readonly Role[]).includes(role);
}

const Notice = styled.section`
  max-width: 560px;
  p {
    color: ${theme.color.muted};
  }
`;
