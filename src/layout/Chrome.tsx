// The page frame every screen shares: cookie banner, skip link, header, phase banner,
// language toggle, back link, main, footer.
import type { ReactElement, ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { Link } from '../../engine';
import { useT } from '../i18n';
import { cookiesPath, draftOf, pathInLang, withDraft } from '../paths';
import { SCRIPT_ONLY_CLASS } from '../scriptClasses';
import { useSurveyStore } from '../store';
import {
  BackLink,
  CookieBanner,
  Footer,
  Header,
  LanguageNavigation,
  PhaseBanner,
  ServiceNavigation,
  SkipLink,
} from '../../renderers';

export interface ChromeProps {
  serviceName?: string;
  serviceUrl?: string;
  theme?: string;
  footerLinks?: Link[];
  backHref?: string | null;
  languageToggle?: boolean;
  children: ReactNode;
}

export function Chrome(props: ChromeProps) {
  const { t, lang } = useT();
  const { pathname, search } = useLocation();
  const bannerDismissed = useSurveyStore((s) => s.cookieBannerDismissed);
  const dismissBanner = useSurveyStore((s) => s.dismissCookieBanner);
  const hrefOf = (href: Link['href']) => (typeof href === 'string' ? href : href[lang]);
  const footerItems = [
    ...(props.footerLinks ?? []).map((link) => ({
      href: hrefOf(link.href),
      text: link.text[lang],
    })),
    { href: cookiesPath(lang), text: t('footer.cookies') },
  ];

  return (
    <div
      className={props.theme && props.theme !== 'default' ? `app-theme--${props.theme}` : undefined}
    >
      {!bannerDismissed && (
        <CookieBanner
          ariaLabel={t('cookieBanner.ariaLabel')}
          messages={[
            {
              headingText: t('cookieBanner.heading'),
              text: t('cookieBanner.body'),
              actions: [
                {
                  text: t('cookieBanner.hide'),
                  onClick: dismissBanner,
                  classes: SCRIPT_ONLY_CLASS,
                },
                { text: t('cookieBanner.more'), href: cookiesPath(lang) },
              ],
            },
          ]}
        />
      )}
      <SkipLink href="#main-content" text={t('common.skipToMain')} />
      <header className="govuk-template__header">
        <Header />
        <ServiceNavigation
          ariaLabel={t('serviceNavigation.label')}
          serviceName={props.serviceName ?? t('service.name')}
          serviceUrl={props.serviceUrl}
        />
      </header>
      <div className="govuk-width-container">
        <PhaseBanner tag={{ text: t('phase.tag') }}>{t('phase.text')}</PhaseBanner>
        {props.languageToggle !== false && (
          <LanguageNavigation
            ariaLabel={t('language.label')}
            items={(['en', 'cy'] as const).map((code) => ({
              text: t(`language.${code}`),
              href: withDraft(pathInLang(pathname, code), draftOf(search)),
              lang: code,
              current: code === lang,
            }))}
          />
        )}
        {props.backHref && <BackLink href={props.backHref} text={t('common.back')} />}
        <main className="govuk-main-wrapper" id="main-content">
          {props.children}
        </main>
      </div>
      {/* The page template's footer landmark around the footer component, as in GOV.UK Frontend 6. */}
      <footer className="govuk-template__footer">
        <Footer
          meta={{ visuallyHiddenTitle: t('footer.supportLinks'), items: footerItems }}
          contentLicence={{
            // The licence in the page's language: Welsh pages link to the Welsh OGL page.
            children: withLink(t('footer.licence'), 'ogl', (text) => (
              <a className="govuk-footer__link" href={t('footer.licenceUrl')} rel="license">
                {text}
              </a>
            )),
          }}
          copyright={{ text: t('footer.copyright') }}
        />
      </footer>
    </div>
  );
}

/** A text with one `<tag>…</tag>` span drawn as `link(span)`: the translators choose where the
 *  link goes in their sentence. A text without the tag is drawn as it is. (react-i18next's
 *  `Trans` does this too, but brings an HTML parser, about 4 KB gzip, for the footer's one link.) */
function withLink(text: string, tag: string, link: (inner: string) => ReactElement): ReactNode {
  const [before, rest] = text.split(`<${tag}>`, 2);
  if (rest === undefined) return text;
  const [inner = '', after = ''] = rest.split(`</${tag}>`, 2);
  return (
    <>
      {before}
      {link(inner)}
      {after}
    </>
  );
}
