import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { SITE_PATHS } from '@usedcars/shared-contract';
import { Button, GhostButton, theme, usePageTitle } from '@usedcars/shared-ui';
import { logOut } from './authStore';

/** An Error's message (an ApiError's is the server's), or a string, for people to read. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' && error ? error : 'Unknown error';
}

/**
 * The error screen ('Something went wrong!!!', what went wrong, and a 'Log out' that logs out
 * and goes to /login; docs/product.md, "When something fails"). The shell shows it for route failures of the main layout
 * and the dashboard; the dashboard remote for a screen that throws inside it (with Try again).
 * It lives here because its one action is the session's.
 */
export function ErrorScreen({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  usePageTitle('Something went wrong');
  const navigate = useNavigate();
  return (
    <Box role="alert">
      <h1>Something went wrong!!!</h1>
      <p>{errorText(error)}</p>
      <Actions>
        <Button
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
        </Button>
        {onRetry && (
          <GhostButton type="button" onClick={onRetry}>
            Try again
          </GhostButton>
        )}
      </Actions>
    </Box>
  );
}

const Box = styled.section`
  max-width: 640px;
  margin: 48px auto;
  padding: 32px;
  text-align: center;
  background: ${theme.color.surface};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  h1 {
    color: ${theme.color.danger};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 12px;
`;
