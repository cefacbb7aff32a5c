// The finish page's words in one language: the panel, the heading below it, the paragraphs and
// the links. A respondent meets them on the finish page (./Endings.tsx) and the preview shows
// them the same (server/preview/survey.tsx), there under headings of its own.
import { createElement } from 'react';
import type { FinishPage, Lang } from '../../engine/types';
import { Panel } from '../../renderers';

/** `headingLevel`: the panel's title (1 on the page itself); the heading below it is a level lower. */
export function FinishContent({
  finish,
  lang,
  headingLevel = 1,
}: {
  finish: FinishPage;
  lang: Lang;
  headingLevel?: number;
}) {
  return (
    <>
      <Panel
        titleText={finish.panelTitle[lang]}
        text={finish.panelBody?.[lang]}
        headingLevel={headingLevel}
      />
      {finish.heading &&
        createElement(
          `h${headingLevel + 1}`,
          { className: 'govuk-heading-m' },
          finish.heading[lang],
        )}
      {finish.paragraphs.map((text) => (
        <p className="govuk-body" key={text.en}>
          {text[lang]}
        </p>
      ))}
      {finish.links && finish.links.length > 0 && (
        <ul className="govuk-list">
          {finish.links.map((link) => (
            <li key={link.text.en}>
              <a
                className="govuk-link"
                href={typeof link.href === 'string' ? link.href : link.href[lang]}
              >
                {link.text[lang]}
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
