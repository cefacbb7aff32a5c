// A field that a choice on the same page shows by rule (engine `revealedOnPage`), drawn even
// while closed. Without a script it shows, as GOV.UK's conditional reveals do; with one it is
// open only while the choice shows it: the app draws that from the answers, and until the app
// is live the entry script opens and closes it from the data attributes (src/main.tsx).
import type { ReactNode } from 'react';
import { REVEALED_CLOSED_CLASS } from '../scriptClasses';

export function RevealedField(props: {
  /** The choice's name. */
  by: string;
  /** The option values that open it. */
  values: string[];
  open: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={props.open ? 'app-revealed' : `app-revealed ${REVEALED_CLOSED_CLASS}`}
      data-revealed-by={props.by}
      data-revealed-values={JSON.stringify(props.values)}
    >
      {props.children}
    </div>
  );
}
