// The themes list as CSV: a row a theme, each period's share with what it is of, the change with
// its 95% interval and the verdict, rounded as the page shows them. A theme whose matches are
// still being worked out has its name and that said, as on the page.
import type { Theme } from '../storage/team-types';
import type { ShareChange } from './compare';
import { shareFigure, VERDICT_SHORT } from './compare-csv';
import type { CsvTable } from './figure-download';
import { text, type TextKey, type UiLang } from './text';

export function themesCsv(lang: UiLang, rows: { theme: Theme; change?: ShareChange }[]): CsvTable {
  const t = (key: TextKey) => text(lang, key);
  const [before, after] = [t('compareBefore'), t('compareAfter')];
  const period = (label: string) => [
    `${label} (%)`,
    `${label}: ${t('themeMatching')}`,
    `${label}: ${t('answered')}`,
  ];
  return {
    header: [
      t('theme'),
      ...period(before),
      ...period(after),
      t('compareChange'),
      t('crosstabLow'),
      t('crosstabHigh'),
      t('compareVerdict'),
    ],
    rows: rows.map(({ theme, change: c }) =>
      c
        ? [
            theme.name,
            ...[c.before, c.after].flatMap((p) => [shareFigure(p.share), p.hits, p.n]),
            shareFigure(c.change),
            c.low === undefined ? '' : shareFigure(c.low),
            c.high === undefined ? '' : shareFigure(c.high),
            t(VERDICT_SHORT[c.verdict]),
          ]
        : [theme.name, '', '', '', '', '', '', '', '', '', t('themeCounting')],
    ),
  };
}
