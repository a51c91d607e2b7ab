import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router-dom';
import styled from 'styled-components';
import { logOut } from '@usedcars/shared-auth';
import { Button, theme, usePageTitle } from '@usedcars/shared-ui';

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

export function errorText(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || `Error ${error.status}`;
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

/** The error screen of SPEC.md §2, used by the main layout and by the dashboard. */
export function ErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  usePageTitle('Something went wrong');
  return (
    <Box role="alert">
      <h1>Something went wrong!!!</h1>
      <p>{errorText(error)}</p>
      <Button
        type="button"
        onClick={async () => {
          await logOut();
          navigate('/login');
        }}
      >
        Log out
      </Button>
    </Box>
  );
}
