// A likely typo in the email address (gmial.com) must be confirmed or rejected before the
// answers are sent: the respondent picks the suggested address or the one typed.
import { useState } from 'react';
import type { Message, ResolvedField } from '../../engine';
import type { Values } from '../fields/errors';

/** Not an answer: the respondent's pick between the suggested address and the typed one. */
export const EMAIL_CHOICE = 'emailChoice';

export interface EmailConfirmation {
  /** The address as typed and the suggested one, while a choice is pending. */
  suggestion: { typed: string; full: string } | null;
  /** The error to show when the choice is still to be made. */
  error(values: Values): Message | null;
  /** Checks the typed address on submit: true when the respondent must now choose. */
  needsChoice(values: Values): Promise<boolean>;
  /** The values to save: the suggested address replaces the typed one when chosen. */
  resolve(values: Values): Values;
  /** Forgets the suggestion when the address is edited. */
  changed(name: string): void;
}

export function useEmailConfirmation(
  field: ResolvedField | undefined,
  /** A suggestion the server already made (a page posted without JavaScript). */
  initial?: { typed: string; full: string },
): EmailConfirmation {
  const [suggestion, setSuggestion] = useState(initial ?? null);
  const typedOf = (values: Values) => (field ? String(values[field.name] ?? '') : '');
  const pending = (values: Values) =>
    Boolean(suggestion && typedOf(values) === suggestion.typed && !values[EMAIL_CHOICE]);

  return {
    suggestion,
    error: (values) => (pending(values) ? { key: 'emailDomain' } : null),
    async needsChoice(values) {
      const typed = typedOf(values);
      if (!field || !typed || suggestion?.typed === typed) return false;
      // The typo lists are only needed here, so they load with the page that sends.
      const { suggestEmail } = await import('../../engine/email');
      const found = suggestEmail(typed);
      if (!found || found.full === typed.trim()) return false;
      setSuggestion({ typed, full: found.full });
      return true;
    },
    resolve(values) {
      const { [EMAIL_CHOICE]: choice, ...answers } = values;
      if (field && suggestion && choice === 'suggested' && typedOf(values) === suggestion.typed)
        answers[field.name] = suggestion.full;
      return answers;
    },
    changed(name) {
      if (field && name === field.name) setSuggestion(null);
    },
  };
}
