// Screens outside any survey, in the generic frame.
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { Chrome } from '../layout/Chrome';
import { CookiesContent, ErrorContent, NotFoundContent } from './Messages';

export function NotFoundPage() {
  return (
    <Chrome>
      <NotFoundContent />
    </Chrome>
  );
}

export function CookiesPage() {
  const { pathname } = useLocation();
  // Only /en/cookies and /cy/cookies exist.
  if (!/^\/(en|cy)\/cookies\/?$/.test(pathname)) return <NotFoundPage />;
  return (
    <Chrome>
      <CookiesContent />
    </Chrome>
  );
}

/** Route error boundary: unknown survey or page (404) or any error thrown while rendering. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Chrome>
      <ErrorContent status={isRouteErrorResponse(error) ? error.status : undefined} />
    </Chrome>
  );
}
