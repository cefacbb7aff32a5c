// The one way a team page offers its figures as CSV: a route beside the page that reads the
// request as the page does (same reader, same filters, same language) and sends the table's
// cells, and the links under the figures to it and to how the figures are worked out. A figure
// page registers its CSV here and draws `FigureLinks`; none writes its own route or links.
import type { ReactNode } from 'react';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TeamContext } from './context';
import { sendCsv } from './figure-csv';
import { linkTo } from './segments';
import { text, type TextKey, type UiLang } from './text';

export const METHODS_PATH = '/team/methods';

/** A figure table as its CSV has it: a header and rows, a figure a number. */
export interface CsvTable {
  header: string[];
  rows: (string | number)[][];
}

/**
 * The CSV; or `'back'` when the page could not make the table (a wrong filter: refused, with a
 * link to the page, which says what is wrong); or the page to send the member on to while its
 * figures are being worked out (`see`).
 */
export type CsvAnswer = CsvTable | 'back' | { see: string };

/**
 * GET `csvPath` (a team route, for viewers and up): `make` reads the request as the page does.
 * When it cannot (a wrong filter), the member gets the refusal page with a link to the page,
 * which says what is wrong.
 */
export function registerFigureCsv(
  team: FastifyInstance,
  ctx: TeamContext,
  csvPath: string,
  name: string,
  make: (request: FastifyRequest) => Promise<CsvAnswer | undefined>,
  /** The page the table is on (for a refusal's link back). */
  page: string | ((request: FastifyRequest) => string),
): void {
  const pageOf = typeof page === 'string' ? () => page : page;
  const config = { pageOf } satisfies PageOfRoute;
  team.get(
    csvPath,
    { preHandler: ctx.allow('viewer'), config: config as Record<string, unknown> },
    async (request, reply) => {
      const made = await make(request);
      if (!made) return ctx.refuse(request, reply, 'notFound');
      if (made === 'back')
        return ctx.refuse(request, reply, 'badInput', backTo(request, pageOf(request)));
      if ('see' in made) return reply.redirect(made.see, 303);
      return sendCsv(reply, name, made.header, made.rows);
    },
  );
}

/** A route that is not a page names the page a refusal links back to (./refusals.ts). */
export interface PageOfRoute {
  pageOf: (request: FastifyRequest) => string;
}

/** The page a CSV request came from: the same query at `pagePath` (the language kept). */
const backTo = (request: FastifyRequest, pagePath: string) => {
  const asked = new URLSearchParams(request.url.split('?')[1] ?? '');
  return asked.size ? `${pagePath}?${asked}` : pagePath;
};

export interface Download {
  /** The CSV route. */
  path: string;
  /** The query it is asked with: the page's kept filters and its own choices. */
  query: string;
  /** What the link says (default "Download this table (CSV)"). */
  label?: TextKey;
}

/**
 * Under a page's figures: a download link for each CSV, and "How these figures are worked
 * out" (the methods page).
 */
export function FigureLinks(props: { lang: UiLang; downloads: Download[] }) {
  const { lang } = props;
  return (
    <ul className="govuk-list">
      {props.downloads.map((d) => (
        <li key={d.path}>
          <a className="govuk-link" href={linkTo(d.path, d.query, lang)}>
            {text(lang, d.label ?? 'crosstabDownload')}
          </a>
        </li>
      ))}
      <li>
        <MethodsLink lang={lang} />
      </li>
    </ul>
  );
}

/** The link to the methods page. */
export function MethodsLink(props: { lang: UiLang }) {
  return (
    <a className="govuk-link" href={linkTo(METHODS_PATH, '', props.lang)}>
      {text(props.lang, 'methodsLink')}
    </a>
  );
}

/** A figure table (or tables) with its download and methods links under it. */
export function FigureBlock(props: { lang: UiLang; download: Download; children: ReactNode }) {
  return (
    <>
      {props.children}
      <FigureLinks lang={props.lang} downloads={[props.download]} />
    </>
  );
}

/** A query from its parts, empty ones left out. */
export const joinQuery = (...parts: (string | undefined)[]) => parts.filter(Boolean).join('&');
