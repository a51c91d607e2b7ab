import { useEffect, useId, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { SITE_PATHS } from '@usedcars/shared-contract';
import { Button, GhostButton, buttonStyles, errorText, theme, usePageTitle } from '@usedcars/shared-ui';
import { useAuth } from './authStore';
import { logOut } from './session';

/**
 * What a screen that threw leaves in its place (docs/product.md, "When something fails"): plain
 * words, Try again (the screen rendered afresh), a way home (never on the home page itself: it is
 * the page that failed), Log out for someone signed in, and the error's own message behind a disclosure. The layout around it stays; focus moves to its
 * heading so a screen reader says what happened. It lives here because Log out is the session's.
 */
export function ErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  usePageTitle('Something went wrong');
  const navigate = useNavigate();
  const signedIn = useAuth((state) => state.status === 'signedIn');
  const onHome = useLocation().pathname === SITE_PATHS.home;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box aria-labelledby={headingId} data-error-screen="">
      <h1 id={headingId} ref={heading} tabIndex={-1}>
        This page could not be shown
      </h1>
      <p>
        Something on it stopped working. The rest of the site still works:{' '}
        {onHome ? 'try again, or choose another page from the menu.' : 'try again, or go back to the home page.'}
      </p>
      <Actions>
        <Button type="button" onClick={onRetry}>
          Try again
        </Button>
        {!onHome && <HomeLink to={SITE_PATHS.home}>Go to the home page</HomeLink>}
        {signedIn && (
          <GhostButton
            type="button"
            onClick={async () => {
              try {
                await logOut();
              } catch (error) {
                // The identity service could not be told; this browser's session is cleared anyway
                // (logOut clears it whatever happens), so the person still leaves for /login.
                console.error('[auth] logging out of the identity service failed', error);
              } finally {
                navigate(SITE_PATHS.login);
              }
            }}
          >
            Log out
          </GhostButton>
        )}
      </Actions>
      <Details>
        <summary>What went wrong</summary>
        <p dir="auto">{errorText(error)}</p>
      </Details>
    </Box>
  );
}

const Box = styled.section`
  max-width: 640px;
  margin: 32px auto;
  padding: 24px;
  text-align: center;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  h1 {
    margin-top: 0;
    font-size: 26px;
    color: ${theme.color.ink};
  }
  h1:focus {
    outline: none;
  }
  > p {
    color: ${theme.color.muted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 12px;
`;

const HomeLink = styled(Link)`
  ${buttonStyles};
  background: transparent;
  color: ${theme.color.brand};
`;

const Details = styled.details`
  margin-top: 20px;
  text-align: left;
  color: ${theme.color.muted};
  summary {
    cursor: pointer;
    text-align: center;
  }
  p {
    margin: 8px 0 0;
    overflow-wrap: anywhere;
  }
`;
