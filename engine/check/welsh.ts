// The Welsh house rules (docs/welsh-review.md), checked in every definition by `npm run validate`
// so an editor hears of a slip at its line, before CI: no English left inside the Welsh, GOV.UK's
// error patterns ('Select' is 'Dewiswch', 'Enter' is 'Rhowch' before a noun and 'Dywedwch
// wrthym' before a question), DBS spelt out as the English spells it out, 'yr holl adborth', and
// a start heading that asks about the experience.
import { sameInBothLanguages } from './content';
import { pointer, type Finding } from './source';
import type { Text } from '../types';

interface TextAt {
  text: Text;
  path: (string | number)[];
}

function textsIn(data: unknown): TextAt[] {
  const found: TextAt[] = [];
  const visit = (node: unknown, path: (string | number)[]): void => {
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (!Array.isArray(node) && typeof record.en === 'string' && typeof record.cy === 'string') {
      found.push({ text: node as Text, path });
      return;
    }
    for (const [key, child] of Object.entries(node))
      visit(child, [...path, Array.isArray(node) ? Number(key) : key]);
  };
  visit(data, []);
  return found;
}

/** English words that are never Welsh, so one inside a Welsh text was left untranslated. */
const ENGLISH = /\b(the|and|your|you|please|select|enter|continue|submit)\b/i;
/** 'Rhowch' ('give') before a question word: a question clause takes 'Dywedwch wrthym'. */
const RHOWCH_CLAUSE = /^Rhowch (sut|gyda phwy|pam|beth|pa|pwy|ble|pryd)\b/;
const DBS_EN = 'Disclosure and Barring Service';
const DBS_CY = 'Gwasanaeth Datgelu a Gwahardd';
const HEADING_EN = /^Tell us about\b/;
const HEADING_CY = 'Dywedwch wrthym am eich profiad o';

/** The rules that hold for any text, with the fix for each. */
function textFindings({ text, path }: TextAt): Finding[] {
  const findings: Finding[] = [];
  const at = pointer(...path, 'cy');
  const word = ENGLISH.exec(text.cy.replace(/https?:\/\/\S+/g, ''));
  if (word && !sameInBothLanguages(text.cy))
    findings.push({
      pointer: at,
      message: `The Welsh has an English word left in it ("${word[0]}"): "${text.cy}"`,
      hint: 'Translate the whole text; only numbers, addresses and names may stay as they are',
    });
  if (text.en.includes(DBS_EN) && !text.cy.includes(DBS_CY))
    findings.push({
      pointer: at,
      message: `The English spells out "${DBS_EN}" but the Welsh does not say "${DBS_CY}"`,
      hint: `Write "${DBS_CY}" where the English has "${DBS_EN}"`,
    });
  if (/\bpob adborth\b/i.test(text.cy))
    findings.push({
      pointer: at,
      message: 'The Welsh says "pob adborth"',
      hint: 'adborth is a mass noun: write "yr holl adborth"',
    });
  if (RHOWCH_CLAUSE.test(text.cy))
    findings.push({
      pointer: at,
      message: `"Rhowch" is followed by a question: "${text.cy}"`,
      hint: '"Rhowch" takes a noun; before a question write "Dywedwch wrthym" ("Dywedwch wrthym sut ...")',
    });
  return findings;
}

/** GOV.UK's Welsh error patterns for a field's error messages. */
function errorFindings({ text, path }: TextAt): Finding[] {
  const at = pointer(...path, 'cy');
  if (/^Select\b/.test(text.en) && !/^Dewiswch\b/.test(text.cy))
    return [
      {
        pointer: at,
        message: `An error that says "Select" in English starts "Dewiswch" in Welsh: "${text.cy}"`,
        hint: 'Start the Welsh with "Dewiswch", as GOV.UK services do',
      },
    ];
  if (/^Enter\b/.test(text.en) && !/^(Rhowch|Dywedwch wrthym)\b/.test(text.cy))
    return [
      {
        pointer: at,
        message: `An error that says "Enter" in English starts "Rhowch" (or "Dywedwch wrthym" before a question) in Welsh: "${text.cy}"`,
        hint: 'Start the Welsh with "Rhowch" before a noun, "Dywedwch wrthym" before a question',
      },
    ];
  return [];
}

/** Every Welsh house-rule finding in a definition or in the shared blocks. */
export function welshFindings(data: unknown): Finding[] {
  const texts = textsIn(data);
  const findings = texts.flatMap(textFindings);
  for (const entry of texts) {
    const [parent] = entry.path.slice(-2);
    if (parent === 'errors') findings.push(...errorFindings(entry));
    if (entry.path.join('/') === 'start/heading' && HEADING_EN.test(entry.text.en))
      if (!entry.text.cy.startsWith(HEADING_CY))
        findings.push({
          pointer: pointer('start', 'heading', 'cy'),
          message: `A start heading that says "Tell us about ..." asks in Welsh about the experience: "${HEADING_CY} ..."`,
          hint: `Start the Welsh with "${HEADING_CY}" and a soft mutation ("o wneud", "o weld", "o dalu")`,
        });
  }
  return findings;
}
