// Whether any of a contact detail is left in a stored text, judged from the text alone: the
// detail's letters and digits, cleaned as the text was, in runs of six (all of it when shorter),
// must not appear among the stored text's letters and digits outside the mask, unless the rest
// of the typed text has the same run ("the safeguarding lead, safeguarding.lead@…").
import { DEFAULT_ALLOW, sanitiseText } from '../../engine/index';
import { MASK } from '../../server/team/privacy';

const compact = (text: string) =>
  text
    .toLowerCase()
    .replace(/(?<=\d)o|o(?=\d)/g, '0')
    .replace(/[^\p{L}\p{N}]/gu, '');

/** The parts of `detail`, typed in `text`, still readable in `stored`. */
export function remnantsOf(detail: string, text: string, stored: string): string[] {
  const wanted = compact(sanitiseText(detail, DEFAULT_ALLOW));
  if (wanted === '') return []; // nothing of it is sent (markup)
  const rest = compact(sanitiseText(text.split(detail).join(' '), DEFAULT_ALLOW));
  const have = compact(stored.split(MASK).join(' '));
  const size = Math.min(6, wanted.length);
  const runs = new Set<string>();
  for (let at = 0; at + size <= wanted.length; at++) runs.add(wanted.slice(at, at + size));
  return [...runs].filter((run) => have.includes(run) && !rest.includes(run));
}
