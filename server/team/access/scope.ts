// What each role may filter, search, count and see. Applied by the team's reader (./reader.ts) to
// every read of the responses, so no page can ask the store for more than its member may know:
// what a role may not see it may not search, filter or sort by either, so that no count, order
// or timing tells a viewer whether a hidden value matches.
import { allFields, isChoice, type ResolvedSurvey } from '../../../engine';
import type { FeedbackFilter, Role } from '../../storage/team-types';
import type { FeedbackRecord } from '../../storage/types';
import { contactFields, maskPersonalData } from '../privacy';

/** The parts of a filter that can touch personal data. */
export type FilterPart = 'q' | 'answer' | 'contact';

export interface Scoped {
  /** The filter this role may use. */
  filter: FeedbackFilter;
  /** Parts left out for this role: the page says so and does not show them back. */
  refused: FilterPart[];
  /** The answer fields left out (a refused `answer` need not be all of them). */
  refusedFields: string[];
  /** For a role that may use them, the personal parts used, as the audit names them (never
   *  the values): `q`, `answer=email,phone`, `contact`. */
  audited: string[];
  /** The parts that touch personal data, whatever the role (refused or audited). */
  personal: FilterPart[];
  /** The answer fields among them. */
  personalFields: string[];
}

/** The surveys' contact fields and choice fields, worked out once per reader. */
export interface ScopeRules {
  contact: Set<string>;
  choice: Set<string>;
}

export function scopeRules(surveys: Iterable<ResolvedSurvey>): ScopeRules {
  const all = [...surveys];
  return {
    contact: new Set(all.flatMap(contactFields)),
    choice: new Set(
      all.flatMap((s) =>
        allFields(s)
          .filter(isChoice)
          .map((f) => f.name),
      ),
    ),
  };
}

/**
 * The filter a member of this role may use. A viewer may not search or filter by contact
 * details or by text before masking: the parts that would are dropped whole (the page is then
 * the same whatever the hidden value, so no count tells whether it matched), a search skips the
 * contact fields, and a search for something that is itself personal data is dropped. An
 * analyst's or admin's filter is kept, its personal parts named for the audit. Applying it twice
 * changes nothing.
 */
export function scopeFilter(filter: FeedbackFilter, role: Role, rules: ScopeRules): Scoped {
  const looksPersonal = (text: string) =>
    maskPersonalData(text) !== text ||
    /[@+]/.test(text) ||
    (filter.textIn !== undefined && rules.contact.has(filter.textIn));
  const personalText = filter.text !== undefined && looksPersonal(filter.text);
  // Only choice answers may be matched by a viewer: any other is text or contact details.
  const answers = filter.answers ?? [];
  const personalFields = [
    ...new Set(answers.filter((a) => !rules.choice.has(a.field)).map((a) => a.field)),
  ];
  const personalContact = filter.anyOf?.some((name) => rules.contact.has(name)) ?? false;
  const parts: [FilterPart, boolean, string][] = [
    ['q', personalText, 'q'],
    ['answer', personalFields.length > 0, `answer=${personalFields.join(',')}`],
    ['contact', personalContact, 'contact'],
  ];
  const used = parts.filter(([, used]) => used);
  if (role !== 'viewer')
    return {
      filter,
      refused: [],
      refusedFields: [],
      audited: used.map(([, , name]) => name),
      personal: used.map(([part]) => part),
      personalFields,
    };

  const limited: FeedbackFilter = { ...filter };
  if (personalText) {
    delete limited.text;
    delete limited.textIn;
  }
  // A search skips the contact fields (only when there is a search: a filter without one is
  // left as it is, so the per-day counts can still answer it).
  if (limited.text !== undefined)
    limited.textNotIn = [...new Set([...(filter.textNotIn ?? []), ...rules.contact])];
  if (personalFields.length) {
    const kept = answers.filter((a) => rules.choice.has(a.field));
    if (kept.length) limited.answers = kept;
    else delete limited.answers;
  }
  if (personalContact) delete limited.anyOf;
  return {
    filter: limited,
    refused: used.map(([part]) => part),
    refusedFields: personalFields,
    audited: [],
    personal: used.map(([part]) => part),
    personalFields,
  };
}

/** A response as this role may see it: a viewer gets no contact details. */
export function visibleRecord(
  record: FeedbackRecord,
  role: Role,
  rules: ScopeRules,
): FeedbackRecord {
  if (role !== 'viewer') return record;
  const answers = Object.fromEntries(
    Object.entries(record.answers).filter(([name]) => !rules.contact.has(name)),
  );
  return { ...record, answers };
}
