// The preview's page: GOV.UK's template with the app's stylesheet, never indexed.
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import type { Lang } from '../../engine';

export interface LayoutProps {
  lang: Lang;
  title: string;
  stylesheet?: string;
  /** A script of the page's own (the live editor's entry). */
  script?: string;
  /** Data for that script, in a JSON block (never run). */
  data?: unknown;
  /** The page's own rules, in a style element the page's Content-Security-Policy allows by nonce. */
  styles?: { nonce: string; css: string };
  children: ReactNode;
}

/** `<` escaped so the data block cannot end early. */
const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function Layout({ lang, title, stylesheet, script, data, styles, children }: LayoutProps) {
  return (
    <html lang={lang} className="govuk-template">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        {stylesheet && <link rel="stylesheet" href={stylesheet} />}
        {styles && <style nonce={styles.nonce} dangerouslySetInnerHTML={{ __html: styles.css }} />}
        {script && <script type="module" src={script} />}
      </head>
      <body className="govuk-template__body">
        <div className="govuk-width-container">
          <main className="govuk-main-wrapper" id="main-content">
            {children}
          </main>
        </div>
        {data !== undefined && (
          <script
            type="application/json"
            id="page-data"
            dangerouslySetInnerHTML={{ __html: jsonForHtml(data) }}
          />
        )}
      </body>
    </html>
  );
}

/** A whole preview page as HTML. */
export const pageHtml = (props: LayoutProps): string =>
  `<!DOCTYPE html>${renderToStaticMarkup(<Layout {...props} />)}`;
