// A likely typo in the email address (gmial.com) must be confirmed or rejected before the
// answers are sent: the page step finds it (engine/step.ts); the page shows the choice until the
// address is edited.
import { useState } from 'react';
import { EMAIL_CHOICE } from '../../engine/session';
import type { ResolvedField } from '../../engine';

export { EMAIL_CHOICE };

type Suggestion = { typed: string; full: string };

export interface EmailConfirmation {
  /** The address as typed and the suggested one, while a choice is pending. */
  suggestion: Suggestion | null;
  /** Shows the choice the page step asked for. */
  suggest(suggestion: Suggestion): void;
  /** Forgets the suggestion when the address is edited. */
  changed(name: string): void;
}

export function useEmailConfirmation(
  field: ResolvedField | undefined,
  /** A suggestion the server already made (a page posted without JavaScript). */
  initial?: Suggestion,
): EmailConfirmation {
  const [suggestion, setSuggestion] = useState(initial ?? null);
  return {
    suggestion,
    suggest: setSuggestion,
    changed(name) {
      if (field && name === field.name) setSuggestion(null);
    },
  };
}
