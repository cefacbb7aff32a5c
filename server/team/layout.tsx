// The team area's page frame: GOV.UK template with the team's service navigation and a
// language toggle, rendered on the server (no client bundle; only passkey pages add a script).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Button, Footer, Header, LanguageNavigation, ServiceNavigation } from '../../renderers';
import type { Role } from '../storage/team-types';
import { text, type TextKey, type UiLang } from './text';

const SECTIONS: { path: string; key: TextKey; role: Role }[] = [
  { path: '/team', key: 'overview', role: 'viewer' },
  { path: '/team/responses', key: 'responses', role: 'viewer' },
  { path: '/team/tags', key: 'tags', role: 'viewer' },
  { path: '/team/compare', key: 'compare', role: 'viewer' },
  { path: '/team/themes', key: 'themes', role: 'viewer' },
  { path: '/team/members', key: 'members', role: 'admin' },
  { path: '/team/audit', key: 'auditLog', role: 'admin' },
];
const RANK: Record<Role, number> = { viewer: 0, analyst: 1, admin: 2 };

/** The built app's stylesheet, found through Vite's manifest (read from disk, never over HTTP). */
export function stylesheetHref(distDir: string): string | undefined {
  const file = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<
    string,
    { css?: string[]; isEntry?: boolean }
  >;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const css = entry?.css?.[0];
  return css && `/${css}`;
}

export interface PageProps {
  lang: UiLang;
  title: string;
  /** This page's address without the language query (its filters kept), for the toggle. */
  path: string;
  stylesheet?: string;
  /** Signed-in pages show the navigation and a sign-out button. */
  nav?: { csrf: string; current: string; role: Role };
  script?: string;
  /** An address to go on to at once (a 0-second refresh, `0; URL=` as HTML requires), for the pages between us and the provider. */
  refresh?: string;
  children: ReactNode;
}

export const withLang = (path: string, lang: UiLang) =>
  lang === 'cy' ? `${path}${path.includes('?') ? '&' : '?'}lang=cy` : path;

function Page(props: PageProps) {
  const { lang } = props;
  const t = (key: TextKey) => text(lang, key);
  return (
    <html lang={lang} className="govuk-template">
      <head>
        <meta charSet="utf-8" />
        <title>{`${props.title} – ${t('serviceName')}`}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        {props.refresh && <meta httpEquiv="refresh" content={`0; URL=${props.refresh}`} />}
        {props.stylesheet && <link rel="stylesheet" href={props.stylesheet} />}
      </head>
      <body className="govuk-template__body govuk-frontend-supported">
        <a href="#main-content" className="govuk-skip-link" data-module="govuk-skip-link">
          {t('skip')}
        </a>
        <header className="govuk-template__header">
          <Header />
          <ServiceNavigation
            serviceName={t('serviceName')}
            ariaLabel={t('serviceInfo')}
            serviceUrl={withLang('/team', lang)}
            menuButtonText={t('menu')}
            navigation={SECTIONS.filter(
              (section) => props.nav && RANK[props.nav.role] >= RANK[section.role],
            ).map((section) => ({
              text: t(section.key),
              href: withLang(section.path, lang),
              current: props.nav?.current === section.path,
              active: section.path !== '/team' && !!props.nav?.current.startsWith(section.path),
            }))}
            slots={{
              end: (
                <LanguageNavigation
                  ariaLabel={t('language')}
                  items={[
                    {
                      text: t('languageNameEn'),
                      lang: 'en',
                      href: props.path,
                      current: lang === 'en',
                    },
                    {
                      text: t('languageNameCy'),
                      lang: 'cy',
                      href: withLang(props.path, 'cy'),
                      current: lang === 'cy',
                    },
                  ]}
                />
              ),
            }}
          />
        </header>
        <div className="govuk-width-container">
          <main className="govuk-main-wrapper" id="main-content">
            {props.children}
            {props.nav && (
              <form method="post" action={withLang('/team/sign-out', lang)}>
                <input type="hidden" name="csrf" value={props.nav.csrf} />
                <Button classes="govuk-button--secondary">{t('signOut')}</Button>
              </form>
            )}
          </main>
        </div>
        <Footer contentLicence={null} copyright={{ text: t('copyright') }} />
        {props.script && <script type="module" src={props.script} />}
      </body>
    </html>
  );
}

export const renderPage = (props: PageProps) =>
  `<!DOCTYPE html>${renderToStaticMarkup(<Page {...props} />)}`;
