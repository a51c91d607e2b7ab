import { useRouteError } from 'react-router-dom';
import { ErrorScreen as SessionErrorScreen } from '@usedcars/shared-auth';

/** The route error screen of the main layout and of the dashboard route (SPEC.md §2). */
export function ErrorScreen() {
  return <SessionErrorScreen error={useRouteError()} />;
}
