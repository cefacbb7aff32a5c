import { describe, expect, it } from 'vitest';
import {
  collapseWhitespace,
  DEFAULT_ALLOW,
  foldAccents,
  plainApostrophes,
  sanitiseText,
  stripMarkup,
  WELSH_LETTERS,
} from '../../engine/sanitise';
import { validateSubmission } from '../../engine/receive';
import { resolveSurvey } from '../../engine/resolve';
import type { SurveyDefinition } from '../../engine/types';
import barringShort from '../fixtures/surveys/barring-short.json';
import fc from 'fast-check';
import { shared } from './fixtures';

const TEXT = shared.patterns.text!;
const NAME = shared.patterns.name!;
const EMAIL = shared.patterns.email!;

// Welsh vowels with a grave, acute, circumflex or diaeresis, lower and upper case (56 letters).
const WELSH = 'àáâäèéêëìíîïòóôöùúûüẁẃŵẅỳýŷÿ';
const WELSH_UPPER = WELSH.toUpperCase();
const WELSH_SENTENCE = "Mae'r llun yn glir, ond i'w weld â'r cod rhaid aros. Dŵr, tŷ, ŵyr, gwên.";

describe('foldAccents', () => {
  it('keeps every Welsh vowel with a grave, acute, circumflex or diaeresis, in both cases', () => {
    expect(WELSH_UPPER).toBe('ÀÁÂÄÈÉÊËÌÍÎÏÒÓÔÖÙÚÛÜẀẂŴẄỲÝŶŸ');
    expect(foldAccents(WELSH)).toBe(WELSH);
    expect(foldAccents(WELSH_UPPER)).toBe(WELSH_UPPER);
    expect(foldAccents('Gwasanaeth ŵyr café naïve Zoë')).toBe('Gwasanaeth ŵyr café naïve Zoë');
  });

  it('folds other marks, and marks on letters that are not Welsh vowels', () => {
    expect(foldAccents('ñ ç ş ž ř ć ń ś ź ǹ ẽ õ ā ă ą ę ů ő')).toBe(
      'n c s z r c n s z n e o a a a e u o',
    );
    // á and ó are also Welsh letters, so they stay; ř, ç and ñ do not.
    expect(foldAccents('Façade señor Dvořák Kraków')).toBe('Facade senor Dvorák Kraków');
  });

  it('gives NFC output whatever the input form, so a letter counts once', () => {
    const decomposed = 'a\u0302 w\u0302 y\u0308 e\u0301';
    expect(foldAccents(decomposed)).toBe('â ŵ ÿ é');
    expect(foldAccents(decomposed)).toHaveLength(7);
    // Two marks on one vowel: the Welsh one stays, the other goes.
    expect(foldAccents('u\u0308\u0301 a\u0303\u0302')).toBe('ü â');
  });

  it('maps letters that do not decompose', () => {
    expect(foldAccents('Straße Æsir Ørsted Łódź Đuro œuvre')).toBe(
      'Strasse AEsir Orsted Lódz Duro oeuvre',
    );
  });
});

describe('collapseWhitespace', () => {
  it('trims and turns line breaks, tabs and runs of spaces into one space', () => {
    expect(collapseWhitespace('  one\ttwo\n\nthree\r\n   four  ')).toBe('one two three four');
    expect(collapseWhitespace('\n\t ')).toBe('');
  });
});

describe('stripMarkup', () => {
  it('removes tags, comments and script or style content', () => {
    expect(collapseWhitespace(stripMarkup('<p>Hello <b>there</b></p>'))).toBe('Hello there');
    expect(collapseWhitespace(stripMarkup('a<script type="x">alert(1)</script>b'))).toBe('a b');
    expect(collapseWhitespace(stripMarkup('a<!-- hidden -->b<br/>c'))).toBe('a b c');
    expect(collapseWhitespace(stripMarkup('<img src=x onerror="alert(1)">ok'))).toBe('ok');
  });

  it('leaves text that only looks like comparison alone and decodes no entities', () => {
    expect(stripMarkup('3 < 4 and 5 > 2')).toBe('3 < 4 and 5 > 2');
    expect(stripMarkup('&lt;script&gt;')).toBe('&lt;script&gt;');
  });
});

describe('plainApostrophes', () => {
  it('turns typographic apostrophes into the plain one', () => {
    expect(plainApostrophes('mae’r i‘w ʼn')).toBe("mae'r i'w 'n");
  });
});

describe('sanitiseText', () => {
  it('folds accents other than Welsh ones and keeps only allowed characters', () => {
    expect(sanitiseText('Gwasanaeth ŵyr café, señor', TEXT)).toBe('Gwasanaeth ŵyr café, senor');
    expect(sanitiseText('Cost: £50 (too much); 100% "bad"', TEXT)).toBe('Cost 50 too much 100 bad');
  });

  it('keeps Welsh letters and apostrophes in free text and names (issue 10 item 8)', () => {
    expect(sanitiseText(WELSH_SENTENCE, TEXT)).toBe(WELSH_SENTENCE);
    expect(sanitiseText(`${WELSH} ${WELSH_UPPER}`, TEXT)).toBe(`${WELSH} ${WELSH_UPPER}`);
    expect(sanitiseText('Mae’r llun i’w weld â’r cod', TEXT)).toBe("Mae'r llun i'w weld â'r cod");
    expect(sanitiseText('Siân Ŵyn O’Neil-Jones', NAME)).toBe("Siân Ŵyn O'Neil-Jones");
  });

  it('uses the same set by default as the shared text pattern', () => {
    expect(DEFAULT_ALLOW).toBe(TEXT);
    expect(NAME).toBe(`${TEXT}\\-`);
    for (const letter of WELSH + WELSH_UPPER) expect(WELSH_LETTERS).toContain(letter);
    expect(WELSH_LETTERS).toHaveLength(56);
  });

  it('strips markup and collapses tabs and new lines', () => {
    expect(sanitiseText('<b>Good</b>\tservice.\n\nThanks!', TEXT)).toBe('Good service. Thanks!');
    expect(sanitiseText('<script>steal()</script>Fine', TEXT)).toBe('Fine');
  });

  it('removes emoji and collapses the gaps they leave', () => {
    expect(sanitiseText('Great 😀 service 👍🏽 ok', TEXT)).toBe('Great service ok');
    expect(sanitiseText('😀😀', TEXT)).toBe('');
  });

  it('allows apostrophes and hyphens in names and the address characters in email', () => {
    expect(sanitiseText("Siân O'Neil-Jones", NAME)).toBe("Siân O'Neil-Jones");
    expect(sanitiseText("Siân O'Neil-Jones", TEXT)).toBe("Siân O'NeilJones");
    expect(sanitiseText(" o'neil+tag@example.co.uk ", EMAIL)).toBe("o'neil+tag@example.co.uk");
    expect(sanitiseText('name @exam<b>ple</b>.com', EMAIL)).toBe('name@example.com');
  });
});

describe('Welsh answers on the server (issue 10 item 8)', () => {
  const survey = resolveSurvey(barringShort as unknown as SurveyDefinition, shared);
  const body = (howToImprove: string) => ({
    howEasy: '4',
    howSatisfied: '4',
    howToImprove,
    serviceName: survey.serviceName,
  });

  it("stores \"mae'r … i'w … â'r llun\" exactly as typed", () => {
    const result = validateSubmission(survey, body(WELSH_SENTENCE));
    expect(result.ok && result.submission.howToImprove).toBe(WELSH_SENTENCE);
  });

  it('measures length on the sanitised NFC string: 1000 Welsh letters pass, 1001 do not', () => {
    const decomposed = 'w\u0302'.repeat(1000); // 2000 code units, 1000 letters
    const ok = validateSubmission(survey, body(decomposed));
    expect(ok.ok && ok.submission.howToImprove).toBe('ŵ'.repeat(1000));
    const over = validateSubmission(survey, body('ŵ'.repeat(1001)));
    expect(over.ok).toBe(false);
    expect(!over.ok && over.errors.map((e) => e.field)).toEqual(['howToImprove']);
  });
});

describe('stripMarkup on any input', () => {
  // The regular expressions stripMarkup used before its single pass: the reference for what
  // well-formed markup should become. (They differ on fragments such as '<A<!---->>', where the
  // old comment removal glued '<A' and '>' into a new tag; a '<' that starts no tag is kept as is.)
  const regexStrip = (text: string) =>
    text
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
      .replace(/<[!?/]?[a-zA-Z][^<>]*>/g, ' ');

  const word = fc.stringMatching(/^[a-zA-Z0-9 .,!?'">=&;-]{0,8}$/);
  const token = fc.oneof(
    word,
    fc.constantFrom(
      '<p>',
      '</P>',
      '<br/>',
      '<img src=x onerror="alert(1)">',
      '<!DOCTYPE html>',
      '<?xml?>',
      '<!-- note -->',
      '<script>alert(1)</script>',
      '<SCRIPT type="x">a > b</script >',
      '<style>p{}</STYLE>',
      '<script>',
      '</script>',
      '<scripts>',
      '3 < 4',
      '< b',
      '>',
    ),
  );

  it('gives what the regular expressions gave for markup made of whole tags', () => {
    fc.assert(
      fc.property(fc.array(token, { maxLength: 30 }), (tokens) => {
        const text = tokens.join('');
        expect(collapseWhitespace(stripMarkup(text))).toBe(collapseWhitespace(regexStrip(text)));
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves text without "<" exactly as it was', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const plain = text.replaceAll('<', '');
        expect(stripMarkup(plain)).toBe(plain);
      }),
    );
  });

  it('never leaves a comment opening or the content of a script element', () => {
    const piece = fc.constantFrom(
      '<script ',
      '<script>',
      '</script',
      '<!--',
      '-->',
      '<',
      '>',
      'a ',
    );
    const pieces = fc.array(piece, { maxLength: 20 });
    fc.assert(
      fc.property(pieces, pieces, (before, after) => {
        const text = `${before.join('')}<script>alert(1)</script>${after.join('')}`;
        const out = stripMarkup(text);
        expect(out).not.toContain('<!--');
        expect(out).not.toContain('alert(1)');
      }),
      { numRuns: 2000 },
    );
  });
});
