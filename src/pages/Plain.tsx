// Screens outside any survey, in the generic frame.
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { isLang } from '../../engine/types';
import { Chrome } from '../layout/Chrome';
import { matchRoute, ROUTES } from '../paths';
import { CookiesContent, ErrorContent, NotFoundContent, UnavailableContent } from './Messages';

export function NotFoundPage() {
  return (
    <Chrome>
      <NotFoundContent />
    </Chrome>
  );
}

export function CookiesPage() {
  const { pathname } = useLocation();
  // Only /en/cookies and /cy/cookies exist (a trailing slash tolerated).
  const cookies = matchRoute(ROUTES.cookies, pathname.replace(/(.)\/$/, '$1'));
  if (!isLang(cookies?.lang)) return <NotFoundPage />;
  return (
    <Chrome>
      <CookiesContent />
    </Chrome>
  );
}

/** Route error boundary: unknown survey or page (404), a form posted while the service is too
 *  busy or the client over its limit (503, 429: try again later), or any error while rendering. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && (error.status === 503 || error.status === 429))
    return (
      <Chrome>
        <UnavailableContent reason={error.status === 429 ? 'limit' : 'busy'} kept="none" />
      </Chrome>
    );
  return (
    <Chrome>
      <ErrorContent status={isRouteErrorResponse(error) ? error.status : undefined} />
    </Chrome>
  );
}
