// GOV.UK pagination for the team's lists: previous, "page x of y", next.
import { text, type UiLang } from './text';

/**
 * Which page of `total` items to show, `size` a page, for the page asked for in the address
 * (anything not a page number is the first; past the end, the last), and what to fetch for it.
 */
export function pageOf(total: number, size: number, asked: string | undefined) {
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(pages, Math.max(1, Number.parseInt(asked ?? '1', 10) || 1));
  return { page, pages, limit: size, offset: (page - 1) * size };
}

export function Pagination(props: {
  lang: UiLang;
  page: number;
  pages: number;
  /** The address of page n (the list's filter kept). */
  href: (n: number) => string;
}) {
  const { lang, page, pages, href } = props;
  if (pages <= 1) return null;
  return (
    <nav className="govuk-pagination" aria-label={text(lang, 'pagination')}>
      {page > 1 && <PageLink rel="prev" href={href(page - 1)} label={text(lang, 'previous')} />}
      <p className="govuk-body govuk-!-display-inline-block govuk-!-margin-bottom-0 govuk-!-padding-left-3 govuk-!-padding-right-3">
        {text(lang, 'pageOf', { page, pages })}
      </p>
      {page < pages && <PageLink rel="next" href={href(page + 1)} label={text(lang, 'next')} />}
    </nav>
  );
}

// GOV.UK pagination's arrows: the previous one before its label, the next one after.
const ARROWS = {
  prev: 'm6.5938-0.0078125-6.7266 6.7266 6.7441 6.4062 1.377-1.449-4.1856-3.9768h12.896v-2h-12.984l4.2931-4.293-1.414-1.414z',
  next: 'm8.107-0.0078125-1.4136 1.414 4.2926 4.293h-12.986v2h12.896l-4.1855 3.9766 1.377 1.4492 6.7441-6.4062-6.7246-6.7266z',
};

function PageLink(props: { rel: 'prev' | 'next'; href: string; label: string }) {
  const arrow = (
    <svg
      className={`govuk-pagination__icon govuk-pagination__icon--${props.rel}`}
      xmlns="http://www.w3.org/2000/svg"
      height="13"
      width="15"
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 15 13"
    >
      <path d={ARROWS[props.rel]} />
    </svg>
  );
  const label = <span className="govuk-pagination__link-title">{props.label}</span>;
  return (
    <div className={`govuk-pagination__${props.rel}`}>
      <a className="govuk-link govuk-pagination__link" href={props.href} rel={props.rel}>
        {props.rel === 'prev' ? (
          <>
            {arrow}
            {label}
          </>
        ) : (
          <>
            {label}
            {arrow}
          </>
        )}
      </a>
    </div>
  );
}
