import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAll, checkDefinition, checkFiles, checkShared } from '../../engine/check';
import { loadSurveys } from '../../engine/check/load';
import { fieldFindings } from '../../engine/check/fields';
import type {
  DefinitionProblem,
  FieldType,
  SharedBlocks,
  SurveyDefinition,
} from '../../engine/types';
import surveySchema from '../../schemas/survey.schema.json';
import sharedSchema from '../../schemas/shared.schema.json';

const VALID = 'tests/fixtures/valid';
const BROKEN = 'tests/fixtures/broken';
const shared = JSON.parse(readFileSync(`${VALID}/shared/shared.json`, 'utf8')) as SharedBlocks;
const mini = JSON.parse(readFileSync(`${VALID}/mini.json`, 'utf8')) as SurveyDefinition;

function checkFixture(name: string): DefinitionProblem[] {
  const file = `${BROKEN}/${name}.json`;
  const source = readFileSync(file, 'utf8');
  return checkDefinition(JSON.parse(source), { file, source, shared });
}

/** mini.json changed by `edit`, checked without a source (no line numbers). */
function checkEdited(
  edit: (def: SurveyDefinition & Record<string, unknown>) => void,
): DefinitionProblem[] {
  const def = structuredClone(mini) as SurveyDefinition & Record<string, unknown>;
  edit(def);
  return checkDefinition(def, { file: 'mini.json', shared });
}

const brief = (problems: DefinitionProblem[]) =>
  problems.map(({ pointer, message, severity }) => ({ pointer, message, severity }));

describe('checkDefinition on valid definitions', () => {
  it('finds nothing wrong with the valid fixtures', () => {
    expect(checkAll(VALID).problems).toEqual([]);
  });

  it('accepts the page and single layouts, templates, reveals, scales and rules', () => {
    expect(checkDefinition(mini, { file: 'mini.json', shared })).toEqual([]);
  });
});

describe('checkDefinition on the broken fixtures', () => {
  const cases: [string, Partial<DefinitionProblem>][] = [
    [
      'missing-welsh',
      {
        pointer: '/pages/1/fields/0/label',
        line: 43,
        column: 20,
        message: 'Welsh text is missing',
        hint: 'Every string needs both en and cy',
      },
    ],
    [
      'unknown-next',
      {
        pointer: '/pages/0/next',
        line: 36,
        column: 15,
        message: 'next goes to "q9", which is not a page of this survey',
      },
    ],
    [
      'cycle',
      {
        pointer: '/pages/2/next/if/1',
        line: 89,
        column: 11,
        message: 'Pages go round in a loop: q2 → q3 → q2',
      },
    ],
    [
      'unreachable',
      {
        pointer: '/pages/1',
        line: 38,
        column: 5,
        message: 'Page q2 cannot be reached from the first page',
      },
    ],
    [
      'rule-before-asked',
      {
        pointer: '/pages/0/next/if/0/!!/var',
        line: 40,
        column: 22,
        message: 'The next rule reads "howToImprove", which is not asked on every path before q1',
      },
    ],
    [
      'unknown-field',
      {
        pointer: '/pages/0/fields/0/name',
        line: 27,
        column: 19,
        message: 'Unknown field name "howSatisifed"',
      },
    ],
    [
      'duplicate-option',
      {
        pointer: '/pages/0/fields/0/options/2/value',
        line: 49,
        column: 24,
        message: 'Option value "Yes" is used twice in "howSatisfied"',
      },
    ],
    [
      'unknown-scale',
      {
        pointer: '/pages/0/fields/0/scale',
        line: 33,
        column: 20,
        message: 'Unknown scale "satisfction"',
        hint: 'Did you mean "satisfaction"?',
      },
    ],
    [
      'unknown-property',
      {
        pointer: '/pages/1/nxt',
        line: 50,
        column: 7,
        message: 'Unknown property "nxt"',
        hint: 'Did you mean "next"?',
      },
    ],
    ['single-with-start', { pointer: '/start', message: 'A single-page survey has no start page' }],
    [
      'submit-not-last',
      {
        pointer: '/pages/1/next',
        message: 'The submit page q2 goes to q3, but it must be the last page',
      },
    ],
    [
      'guard-same-page',
      {
        pointer: '/pages/1/guard/when/!!/var',
        message: 'The guard reads "howToImprove", which is asked on this same page',
      },
    ],
    [
      'duplicate-field',
      {
        pointer: '/pages/1/fields/0/name',
        message: 'Field name "howSatisfied" is already used on q1',
      },
    ],
    [
      'reveal-not-option',
      {
        pointer: '/pages/0/fields/0/reveal/0',
        message: 'reveal names "0", which is not an option of "howSatisfied"',
      },
    ],
    [
      'other-without-flag',
      {
        pointer: '/pages/0/fields/0/options/1',
        line: 41,
        message:
          'Option "Other" of "howDidYouHear" reads as an Other answer but has no text box for it',
        hint: 'Add "other": true to it, so respondents who choose it can say what they mean (sent as "howDidYouHearOther" or as the field\'s send.other says)',
      },
    ],
    [
      'skip-on-submit',
      {
        pointer: '/pages/2/skip',
        line: 55,
        message:
          'q3 sends the answers, so it cannot have a skip link: skipping it would leave without sending anything',
        hint: 'Remove "skip" from this page',
      },
    ],
    [
      // A page copied whole: one error, not a false loop, unreachable pages and its fields again.
      'duplicate-page',
      {
        pointer: '/pages/1/id',
        line: 38,
        message: 'Page id "q1" is already used by page 1 of the list',
        hint: 'Give this page an id no other page has, such as "q5", and its questions their own answer names ("howSatisfied" are on both pages)',
      },
    ],
    [
      // A page renamed to an id already in use.
      'duplicate-page-id',
      {
        pointer: '/pages/1/id',
        line: 38,
        message: 'Page id "q1" is already used by page 1 of the list',
        hint: 'Give this page an id no other page has, such as "q4"',
      },
    ],
  ];
  it.each(cases)('%s', (name, expected) => {
    const problems = checkFixture(name);
    expect(problems).toContainEqual(
      expect.objectContaining({ ...expected, file: `${BROKEN}/${name}.json`, severity: 'error' }),
    );
  });

  it('reports only the intended problem for each single-fault fixture', () => {
    for (const [name] of cases.filter(([n]) => n !== 'submit-not-last'))
      expect(checkFixture(name), name).toHaveLength(1);
  });
});

describe('schema messages', () => {
  it('names the missing or blank language', () => {
    const problems = checkEdited((def) => {
      def.title = { cy: 'Arolwg' } as never;
      def.finish.panelTitle = { en: 'Thanks', cy: '   ' };
    });
    expect(brief(problems)).toEqual([
      { pointer: '/title', message: 'English text is missing', severity: 'error' },
      { pointer: '/finish/panelTitle/cy', message: 'Welsh text is empty', severity: 'error' },
    ]);
  });

  it('explains a plain string where both languages are needed', () => {
    const problems = checkEdited((def) => {
      def.pages[0]!.fields[0]!.label = 'Why?' as never;
    });
    expect(brief(problems)).toEqual([
      {
        pointer: '/pages/0/fields/0/label',
        message: 'Text needs both languages: {"en": "...", "cy": "..."}',
        severity: 'error',
      },
    ]);
  });

  it('needs exactly one of options and scale on a choice field, and neither on free text', () => {
    const problems = checkEdited((def) => {
      def.pages[3]!.fields[0]!.options = [{ value: 'a', label: { en: 'A', cy: 'A' } }];
      def.pages[0]!.fields[0]!.type = 'text';
    });
    expect(brief(problems)).toEqual([
      {
        pointer: '/pages/0/fields/0/options',
        message: 'Only radios and checkboxes have options',
        severity: 'error',
      },
      {
        pointer: '/pages/3/fields/0',
        message: 'A radios or checkboxes field needs exactly one of `options` or `scale`',
        severity: 'error',
      },
    ]);
  });

  it('rejects unknown types and values with the allowed ones as a hint', () => {
    const problems = checkEdited((def) => {
      def.theme = 'dark' as never;
      def.duration = '5' as never;
    });
    expect(problems).toEqual([
      expect.objectContaining({
        pointer: '/duration',
        message: 'Expected a whole number, found a string',
      }),
      expect.objectContaining({
        pointer: '/theme',
        message: '"dark" is not allowed here',
        hint: 'Use one of: "default", "purple"',
      }),
    ]);
  });

  it('has exactly the properties of the definition types in engine/types.ts', () => {
    const types = readFileSync('engine/types.ts', 'utf8');
    const propertiesOf = (name: string) => {
      const body =
        new RegExp(`export interface ${name}\\b[^{]*\\{([\\s\\S]*?)\\n\\}`).exec(types)?.[1] ?? '';
      const code = body.replace(/\/\*[\s\S]*?\*\//g, '');
      return [...code.matchAll(/^\s*(\$?\w+)\??:/gm)].map((m) => m[1]).sort();
    };
    const keys = (node: { properties: object }) => Object.keys(node.properties).sort();
    const defs = surveySchema.$defs;
    expect(keys(surveySchema)).toEqual(propertiesOf('SurveyDefinition'));
    expect(keys(defs.page)).toEqual(propertiesOf('Page'));
    expect(keys(defs.field)).toEqual(propertiesOf('Field'));
    expect(keys(defs.option)).toEqual(propertiesOf('Option'));
    expect(keys(defs.link)).toEqual(propertiesOf('Link'));
    expect(keys(defs.startPage)).toEqual(propertiesOf('StartPage'));
    expect(keys(defs.finishPage)).toEqual(propertiesOf('FinishPage'));
    expect(keys(defs.field.properties.send)).toEqual(propertiesOf('SendRule'));
    expect(keys(sharedSchema).filter((k) => k !== '$schema')).toEqual(propertiesOf('SharedBlocks'));
  });

  it('gives every property in both schemas a description', () => {
    const missing: string[] = [];
    const visit = (node: unknown, path: string) => {
      if (!node || typeof node !== 'object') return;
      const properties = (node as { properties?: Record<string, { description?: string }> })
        .properties;
      for (const [name, property] of Object.entries(properties ?? {}))
        if (!property.description && !path.includes('/if') && !path.includes('/else'))
          missing.push(`${path}/${name}`);
      for (const [key, child] of Object.entries(node)) visit(child, `${path}/${key}`);
    };
    visit(surveySchema, 'survey');
    visit(sharedSchema, 'shared');
    expect(missing).toEqual([]);
  });
});

describe('flow checks', () => {
  it('reports a next rule without a final else and a rule it cannot read', () => {
    const problems = checkEdited((def) => {
      def.pages[1]!.next = { if: [{ '==': [{ var: 'whichSector' }, 'Private'] }, 'q3'] };
      def.pages[2]!.next = { cat: ['q', '4'] };
    });
    expect(brief(problems)).toEqual([
      {
        pointer: '/pages/1/next/if',
        message: 'The next rule has no final else: when no condition matches it gives no page',
        severity: 'error',
      },
      {
        pointer: '/pages/2/next',
        message: 'Cannot tell where this next rule leads',
        severity: 'warning',
      },
    ]);
  });

  it('checks skip and guard targets', () => {
    const problems = checkEdited((def) => {
      def.pages[2]!.skip = 'q44';
      def.pages[2]!.guard!.otherwise = 'start';
    });
    expect(brief(problems)).toEqual([
      {
        pointer: '/pages/2/skip',
        message: 'skip goes to "q44", which is not a page of this survey',
        severity: 'error',
      },
      {
        pointer: '/pages/2/guard/otherwise',
        message: 'guard.otherwise goes to "start", which is not a page of this survey',
        severity: 'error',
      },
    ]);
  });

  it('reports a loop through a skip link', () => {
    const problems = checkEdited((def) => {
      def.pages[3]!.skip = 'q1';
    });
    expect(brief(problems)).toContainEqual({
      pointer: '/pages/3/skip',
      message: 'Pages go round in a loop: q1 → q2 → q4 → q1',
      severity: 'error',
    });
  });

  it('only lets rules read answers asked on every path before them', () => {
    const problems = checkEdited((def) => {
      // q3 is skipped for the third sector, so whichSubSector is not asked on every path to q4.
      def.pages[3]!.next = { if: [{ var: 'whichSubSector' }, 'q5', 'q5'] };
      def.pages[3]!.fields[1]!.requiredWhen = { '==': [{ var: 'howSatisfied' }, '1'] };
      def.pages[1]!.fields[0]!.requiredWhen = { var: 'furtherFeedback' };
      def.pages[0]!.fields[0]!.requiredWhen = { var: 'nothingAsked' };
      def.pages[3]!.fields[1]!.showWhen = { '!=': [{ var: 'howSatisfied' }, '5'] };
      def.pages[2]!.fields[0]!.showWhen = { '!!': [{ var: 'howToImprove' }] };
    });
    expect(brief(problems)).toEqual([
      {
        pointer: '/pages/0/fields/0/requiredWhen/var',
        message:
          'requiredWhen of "whyDidYouApply" reads "nothingAsked", which no page of this survey asks',
        severity: 'error',
      },
      {
        pointer: '/pages/1/fields/0/requiredWhen/var',
        message:
          'requiredWhen of "whichSector" reads "furtherFeedback", which is not asked on every path before q2',
        severity: 'error',
      },
      {
        pointer: '/pages/2/fields/0/showWhen/!!/0/var',
        message:
          'showWhen of "whichSubSector" reads "howToImprove", which is not asked on every path before q3',
        severity: 'error',
      },
      {
        pointer: '/pages/3/next/if/0/var',
        message: 'The next rule reads "whichSubSector", which is not asked on every path before q4',
        severity: 'error',
      },
    ]);
  });

  it('reads the answers named by missing and missing_some as it reads var', () => {
    const problems = checkEdited((def) => {
      def.pages[0]!.next = { if: [{ missing: ['neverAsked'] }, 'q2', 'q2'] };
      def.pages[1]!.fields[0]!.requiredWhen = {
        missing_some: [1, ['whyDidYouApply', 'alsoNeverAsked']],
      };
      def.pages[0]!.fields[0]!.showWhen = { missing: 'notAskedEither' };
    });
    expect(brief(problems)).toEqual([
      {
        pointer: '/pages/0/next/if/0/missing/0',
        message: 'The next rule reads "neverAsked", which no page of this survey asks',
        severity: 'error',
      },
      {
        pointer: '/pages/0/fields/0/showWhen/missing',
        message:
          'showWhen of "whyDidYouApply" reads "notAskedEither", which no page of this survey asks',
        severity: 'error',
      },
      {
        pointer: '/pages/1/fields/0/requiredWhen/missing_some/1/1',
        message:
          'requiredWhen of "whichSector" reads "alsoNeverAsked", which no page of this survey asks',
        severity: 'error',
      },
    ]);
  });

  it('needs exactly one submit page, and it must be last', () => {
    expect(
      brief(
        checkEdited((def) => {
          def.pages[4] = { ...def.pages[4]!, submit: false };
        }),
      ),
    ).toEqual([{ pointer: '/pages', message: 'No page sends the answers', severity: 'error' }]);
    expect(
      brief(
        checkEdited((def) => {
          def.pages[3]!.submit = true;
        }),
      ),
    ).toEqual([
      {
        pointer: '/pages/4/template',
        message: 'Only one page may send the answers, and q4 already does',
        severity: 'error',
      },
      {
        pointer: '/pages/3/next/if/1',
        message: 'The submit page q4 goes to q5, but it must be the last page',
        severity: 'error',
      },
      {
        pointer: '/pages/3/next/if/3',
        message: 'The submit page q4 goes to q5, but it must be the last page',
        severity: 'error',
      },
      {
        pointer: '/pages/3/next/if/4',
        message: 'The submit page q4 goes to q5, but it must be the last page',
        severity: 'error',
      },
    ]);
  });

  it('needs a start page for the pages layout and one page for the single layout', () => {
    expect(brief(checkEdited((def) => void delete def.start))).toEqual([
      { pointer: '', message: '"start" is missing', severity: 'error' },
    ]);
    expect(
      brief(
        checkEdited((def) => {
          def.layout = 'single';
          delete def.start;
        }),
      ),
    ).toContainEqual({
      pointer: '/pages',
      message: 'A single-page survey has exactly one page, not 5',
      severity: 'error',
    });
  });
});

describe('field and shared reference checks', () => {
  it('checks pattern, Welsh yes/no form, template and footer names', () => {
    const problems = checkEdited((def) => {
      def.pages[0]!.fields[0]!.send = undefined;
      def.pages[3]!.fields[1]!.welshYesNo = 'hofwn';
      def.pages[2]!.fields[0]!.options![0]!.other = true;
      def.pages[2]!.fields[0]!.options![1]!.other = true;
      def.pages[4]!.template = 'contakt';
      def.footer = 'standerd';
      def.pages[0]!.fields[0]!.reveal = {
        Job: [
          { name: 'typeOfJob', type: 'text', label: { en: 'Job', cy: 'Swydd' }, pattern: 'nam' },
        ],
      };
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          pointer: '/pages/4/template',
          message: 'Unknown page template "contakt"',
          hint: 'Did you mean "contact"?',
        }),
        expect.objectContaining({
          pointer: '/footer',
          message: 'Unknown footer set "standerd"',
          hint: 'Did you mean "standard"?',
        }),
        expect.objectContaining({
          pointer: '/pages/3/fields/1/welshYesNo',
          message: 'Unknown Welsh yes/no form "hofwn"',
        }),
        expect.objectContaining({
          pointer: '/pages/2/fields/0/options/1/other',
          message: 'Only one option can reveal "whichSubSectorOther"',
        }),
        expect.objectContaining({
          pointer: '/pages/0/fields/0/reveal/Job/0/pattern',
          message: 'Unknown pattern "nam"',
        }),
        expect.objectContaining({
          pointer: '/pages/0/fields/0/reveal/Job/0/name',
          message: 'Unknown field name "typeOfJob"',
        }),
      ]),
    );
  });

  it('accepts a new answer name listed in newFields and warns about unused ones', () => {
    const problems = checkEdited((def) => {
      def.pages[2]!.fields[0]!.name = 'subSectorOfWork';
      def.newFields = ['subSectorOfWork', 'neverUsed', 'email'];
    });
    expect(brief(problems)).toEqual([
      {
        pointer: '/newFields/1',
        message: '"neverUsed" is not used by any field',
        severity: 'warning',
      },
      {
        pointer: '/newFields/2',
        message: '"email" is already in the catalogue',
        severity: 'warning',
      },
    ]);
  });

  it('checks the Welsh answer forms a yes/no scale declares, and welshYesNo only on such a scale', () => {
    const broken = structuredClone(shared) as SharedBlocks;
    broken.scales['yes-no']!.welshAnswerForms!.default = 'naddo';
    expect(brief(checkShared(broken, { file: 'shared.json' }))).toEqual([
      {
        pointer: '/scales/yes-no/welshAnswerForms/default',
        message: 'Unknown Welsh yes/no form "naddo"',
        severity: 'error',
      },
    ]);
    const problems = checkEdited((def) => {
      def.pages[1]!.fields[0]! = {
        ...def.pages[1]!.fields[0]!,
        options: undefined,
        scale: 'satisfaction',
        welshYesNo: 'do',
      };
    });
    expect(brief(problems)).toContainEqual({
      pointer: '/pages/1/fields/0/welshYesNo',
      message:
        'welshYesNo only applies to a yes/no scale, and "satisfaction" has no welshAnswerForms',
      severity: 'error',
    });
  });

  it('refuses a field type that has no engine module', () => {
    const def = structuredClone(mini);
    const field = def.pages[0]!.fields[0]!;
    const findings = fieldFindings(
      {
        field: { ...field, type: 'Imaginary_Type' as FieldType },
        pointer: '/pages/0/fields/0',
        fromTemplate: false,
      },
      shared,
    );
    expect(findings.map((f) => [f.pointer, f.message])).toContainEqual([
      '/pages/0/fields/0/type',
      'Field type "Imaginary_Type" has no engine module',
    ]);
  });

  it('checks shared.json: schema, scale values and patterns', () => {
    const broken = structuredClone(shared) as SharedBlocks & Record<string, unknown>;
    broken.scales['yes-no']!.options[1]!.value = 'Yes';
    broken.patterns.name = 'a-';
    broken.patterns.bad = 'z-a';
    expect(brief(checkShared(broken, { file: 'shared.json' }))).toEqual([
      {
        pointer: '/scales/yes-no/welshAnswerForms/no',
        message: '"No" is not an option of scale "yes-no"',
        severity: 'error',
      },
      {
        pointer: '/scales/yes-no/options/1/value',
        message: 'Option value "Yes" is used twice in scale "yes-no"',
        severity: 'error',
      },
      {
        pointer: '/patterns/bad',
        message: 'Pattern "bad" is not a valid character class',
        severity: 'error',
      },
    ]);
    const templateWithId = structuredClone(shared) as SharedBlocks;
    (templateWithId.pages.contact as Record<string, unknown>).id = 'q9';
    expect(brief(checkShared(templateWithId, { file: 'shared.json' }))).toEqual([
      {
        pointer: '/pages/contact/id',
        message: 'A page template has no id: the page that uses it gives the id',
        severity: 'error',
      },
    ]);
  });
});

describe('content and Welsh checks (issue 33)', () => {
  it('warns, naming the rule, when a rule still uses a retired option', () => {
    const problems = checkEdited((def) => {
      def.pages[1]!.fields[0]!.options![1]!.retired = true;
    });
    expect(brief(problems)).toEqual([
      {
        pointer: '/pages/1/next/if/0/==/1',
        message:
          'Option "Third sector" of "whichSector" is retired, but the next rule of q2 still uses it: respondents can no longer choose it, so this branch is never taken',
        severity: 'warning',
      },
    ]);
  });

  it('holds the Welsh to the house rules, each with its fix', () => {
    const cases: [(def: SurveyDefinition) => void, string, string][] = [
      [
        (def) => (def.start!.paragraphs[0]!.cy = 'Mae hi yn cymryd 5 munud, please'),
        '/start/paragraphs/0/cy',
        'The Welsh has an English word left in it ("please"): "Mae hi yn cymryd 5 munud, please"',
      ],
      [
        (def) => {
          def.start!.privacy = {
            en: 'The Disclosure and Barring Service reads it.',
            cy: "Mae'r DBS yn ei ddarllen.",
          };
        },
        '/start/privacy/cy',
        'The English spells out "Disclosure and Barring Service" but the Welsh does not say "Gwasanaeth Datgelu a Gwahardd"',
      ],
      [
        (def) => (def.finish.panelTitle.cy = 'Rydym yn darllen pob adborth'),
        '/finish/panelTitle/cy',
        'The Welsh says "pob adborth"',
      ],
      [
        (def) => {
          def.pages[1]!.fields[0]!.required = true;
          def.pages[1]!.fields[0]!.errors = {
            required: { en: 'Select a sector', cy: 'Rhowch sector' },
          };
        },
        '/pages/1/fields/0/errors/required/cy',
        'An error that says "Select" in English starts "Dewiswch" in Welsh: "Rhowch sector"',
      ],
      [
        (def) => {
          def.pages[1]!.fields[0]!.required = true;
          def.pages[1]!.fields[0]!.errors = {
            required: { en: 'Enter your sector', cy: 'Dewiswch eich sector' },
          };
        },
        '/pages/1/fields/0/errors/required/cy',
        'An error that says "Enter" in English starts "Rhowch" (or "Dywedwch wrthym" before a question) in Welsh: "Dewiswch eich sector"',
      ],
      [
        (def) => (def.pages[1]!.fields[0]!.hint = { en: 'Tell us how', cy: 'Rhowch sut' }),
        '/pages/1/fields/0/hint/cy',
        '"Rhowch" is followed by a question: "Rhowch sut"',
      ],
      [
        (def) => {
          def.start!.heading = {
            en: 'Tell us about applying',
            cy: 'Dywedwch wrthym am wneud cais',
          };
        },
        '/start/heading/cy',
        'A start heading that says "Tell us about ..." asks in Welsh about the experience: "Dywedwch wrthym am eich profiad o ..."',
      ],
    ];
    for (const [edit, pointer, message] of cases)
      expect(brief(checkEdited(edit)), message).toEqual([{ pointer, message, severity: 'error' }]);
  });

  it('needs a Welsh answer form on every yes/no question', () => {
    const problems = checkEdited((def) => {
      delete def.pages[3]!.fields[1]!.welshYesNo;
    });
    expect(problems).toEqual([
      expect.objectContaining({
        pointer: '/pages/3/fields/1/scale',
        message: 'A yes/no question needs "welshYesNo": Welsh answers it by repeating its verb',
        severity: 'error',
      }),
    ]);
  });
});

describe('files', () => {
  let dir = '';
  afterEach(() => {
    // A copy made under a folder of its own is removed with that folder.
    if (dir) rmSync(dir.replace(`/${VALID}`, ''), { recursive: true, force: true });
  });

  it('checks id against the file name, and unique ids and service names', () => {
    // The copy sits where the fixtures' "$schema" ("../../../schemas/...") finds a schema.
    const root = mkdtempSync(join(tmpdir(), 'definitions-'));
    dir = join(root, VALID);
    cpSync(VALID, dir, { recursive: true });
    cpSync('schemas', join(root, 'schemas'), { recursive: true });
    // A name of its own for the team, so only the shared serviceName is wrong.
    const teamName = { en: 'Copy of the mini survey', cy: 'Copi o’r arolwg bach' };
    writeFileSync(
      join(dir, 'copy.json'),
      JSON.stringify({ ...mini, id: 'copy', teamName }, null, 2),
    );
    const { problems } = checkAll(dir);
    // Files are checked in name order, so the later mini.json is the one reported.
    expect(problems).toEqual([
      expect.objectContaining({
        file: join(dir, 'mini.json'),
        pointer: '/serviceName',
        message: `serviceName "mini" is also used by ${join(dir, 'copy.json')}`,
        line: 4,
        column: 18,
      }),
    ]);
    expect(
      checkFiles([`${BROKEN}/id-mismatch.json`], `${BROKEN}/shared/shared.json`).problems,
    ).toEqual([
      expect.objectContaining({
        pointer: '/id',
        message: 'The id "wrong-name" does not match the file name id-mismatch.json',
        line: 3,
      }),
    ]);
  });

  it('holds "$schema" to the project\'s schema: a wrong path, a web address, none at all', () => {
    const check = (name: string) =>
      checkFiles([`${BROKEN}/${name}.json`], `${BROKEN}/shared/shared.json`).problems;
    const fix = { hint: 'Write "$schema": "../../../schemas/survey.schema.json"' };
    expect(check('schema-path')).toEqual([
      expect.objectContaining({
        pointer: '/$schema',
        line: 2,
        column: 14,
        message:
          '"$schema" does not lead to this project\'s survey.schema.json, so your editor\'s completion and help stop',
        ...fix,
      }),
    ]);
    expect(check('schema-url')).toEqual([
      expect.objectContaining({
        pointer: '/$schema',
        line: 2,
        message:
          '"$schema" is a web address, not this project\'s schema: your editor\'s completion and help stop',
        ...fix,
      }),
    ]);
    dir = mkdtempSync(join(tmpdir(), 'definitions-'));
    const { $schema: _, ...unpointed } = mini as SurveyDefinition & { $schema?: string };
    writeFileSync(join(dir, 'mini.json'), JSON.stringify(unpointed, null, 2));
    expect(checkFiles([join(dir, 'mini.json')], `${VALID}/shared/shared.json`).problems).toEqual([
      expect.objectContaining({
        pointer: '',
        message: '"$schema" is missing, so your editor gives no completion or help for this file',
        hint: 'Add "$schema": "../schemas/survey.schema.json" as the first property',
      }),
    ]);
  });

  it('reports invalid JSON with its position', () => {
    dir = mkdtempSync(join(tmpdir(), 'definitions-'));
    const file = join(dir, 'not-json.json');
    writeFileSync(file, '{\n  "id": "not-json",\n  "pages": [],\n}\n');
    expect(checkFiles([file], `${BROKEN}/shared/shared.json`).problems).toEqual([
      expect.objectContaining({
        pointer: '',
        message: 'Not valid JSON: Unexpected token }',
        line: 4,
        column: 1,
      }),
    ]);
  });

  it('loads only the surveys without errors, resolved and hashed', () => {
    const loaded = loadSurveys(VALID);
    expect([...loaded.surveys.keys()].sort()).toEqual(['mini', 'mini-single']);
    const survey = loaded.surveys.get('mini')!;
    expect(survey.hash).toBe(createHash('sha256').update(JSON.stringify(mini)).digest('hex'));
    expect(survey.pages[3]!.fields[0]!.options?.map((o) => o.value)).toEqual([
      '5',
      '4',
      '3',
      '2',
      '1',
    ]);
    expect(survey.pages[4]!.fields.map((f) => f.name)).toEqual(['firstName', 'email']);

    const broken = loadSurveys(BROKEN);
    expect(broken.surveys.size).toBe(0);
    expect(broken.problems.length).toBeGreaterThan(0);
  });
});
