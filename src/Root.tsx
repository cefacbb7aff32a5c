// Behaviour shared by every route: hash and ?lang= redirects, <html lang>, focus after
// navigation, and in-app handling of the links the GOV.UK renderers draw as plain <a href>.
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ensureWords, hasWords, isLang, langOf, useLang } from './i18n';
import { pathInLang } from './paths';
import { focusMainHeading } from './hooks';

export function Root() {
  const location = useLocation();
  const navigate = useNavigate();
  const lang = useLang();
  const firstRender = useRef(true);

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  // Move focus to the new page's heading so screen readers announce it (not on first load,
  // where the skip link should stay the first thing a keyboard user reaches).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    focusMainHeading();
  }, [location.pathname]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download'))
        return;
      const href = link.getAttribute('href') ?? '';
      if (href.startsWith('#') && href.length > 1) {
        event.preventDefault();
        focusTarget(decodeURIComponent(href.slice(1)));
      } else if (href.startsWith('/') && !href.startsWith('//')) {
        event.preventDefault();
        // The browser has only the page's language (src/main.tsx): the language toggle fetches
        // the other's words first (or, if they cannot be fetched, loads the page from the server).
        const to = new URL(href, window.location.origin);
        const query = to.searchParams.get('lang');
        const lang = isLang(query) ? query : langOf(to.pathname);
        if (hasWords(lang)) navigate(href);
        else
          ensureWords(lang).then(
            () => navigate(href),
            () => window.location.assign(href),
          );
      }
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);

  // Old hash links (/#/en/<survey>/q2) and ?lang= switches land on the path form.
  if (location.hash.startsWith('#/')) return <Navigate replace to={location.hash.slice(1)} />;
  const params = new URLSearchParams(location.search);
  const queryLang = params.get('lang');
  if (isLang(queryLang) && isLang(location.pathname.split('/')[1])) {
    params.delete('lang');
    const search = params.toString();
    return (
      <Navigate
        replace
        to={pathInLang(location.pathname, queryLang) + (search ? `?${search}` : '') + location.hash}
      />
    );
  }
  return <Outlet />;
}

/** In-page links (skip link, error summary): focus the target, making it focusable if needed. */
function focusTarget(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  if (!target.matches('a[href], button, input, select, textarea, [tabindex]')) {
    target.setAttribute('tabindex', '-1');
    target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
  }
  target.focus();
  // Show the question with its input, as GOV.UK's error summary does.
  const legend =
    target.closest('fieldset')?.querySelector('legend') ??
    [...document.querySelectorAll('label')].find((label) => label.htmlFor === id);
  (legend ?? target).scrollIntoView?.();
}
