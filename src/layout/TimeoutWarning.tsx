// A warning a few minutes before the answers are cleared for inactivity (WCAG 2.2.1, Timing
// adjustable), as GOV.UK services give one: a modal dialog that takes focus (a screen reader
// reads its title and text), says when the answers go, and offers to keep going, which counts as
// activity and so starts the hour again. Focus goes back where it was when it closes; Escape
// keeps going too. Without JavaScript the page says when instead (src/pages/ClearedAt.tsx).
import { useEffect, useRef, useState } from 'react';
import { IDLE_LIMIT_MS } from '../../engine';
import { Button } from '../../renderers';
import { clock } from '../clock';
import { useT } from '../i18n';
import { useSurveyStore } from '../store';

/** How long before the answers are cleared the warning shows. */
export const WARN_BEFORE_MS = 5 * 60 * 1000;

const MINUTE = 60 * 1000;

/** Whole minutes left until `deadline` (at least one while any time is left). */
const minutesLeft = (deadline: number) => Math.max(1, Math.ceil((deadline - clock.now()) / MINUTE));

/** The warning for a run under way here, shown `WARN_BEFORE_MS` before its hour runs out. */
export function TimeoutWarning() {
  const { t } = useT();
  const lastActivity = useSurveyStore((s) => (s.inProgress ? s.lastActivity : null));
  const [minutes, setMinutes] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<Element | null>(null);

  // Opens a few minutes before the deadline, then counts the minutes down; closes when there is
  // new activity (the deadline moves) or none under way.
  useEffect(() => {
    setMinutes(null);
    if (lastActivity === null) return;
    const deadline = lastActivity + IDLE_LIMIT_MS;
    let tick: ReturnType<typeof setInterval> | undefined;
    const open = setTimeout(
      () => {
        setMinutes(minutesLeft(deadline));
        tick = setInterval(() => setMinutes(minutesLeft(deadline)), MINUTE / 4);
      },
      Math.max(0, deadline - WARN_BEFORE_MS - clock.now()),
    );
    return () => {
      clearTimeout(open);
      clearInterval(tick);
    };
  }, [lastActivity]);

  const shown = minutes !== null;
  useEffect(() => {
    const element = dialog.current;
    if (!element || !shown) return;
    returnTo.current = document.activeElement;
    element.showModal();
    // The dialog itself takes focus, so its title and text are read before its button.
    element.focus();
    return () => {
      if (element.open) element.close();
      const back = returnTo.current;
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, [shown]);

  const keepGoing = () => useSurveyStore.getState().save({});
  if (!shown) return null;
  return (
    <dialog
      ref={dialog}
      className="app-timeout-dialog"
      aria-labelledby="timeout-warning-title"
      aria-describedby="timeout-warning-text"
      tabIndex={-1}
      onCancel={(event) => {
        // Escape: keep going, as the button does (the dialog closes when the warning goes).
        event.preventDefault();
        keepGoing();
      }}
    >
      <h2 className="govuk-heading-m" id="timeout-warning-title">
        {t('timeoutWarning.title')}
      </h2>
      <p className="govuk-body" id="timeout-warning-text">
        {t('timeoutWarning.text', { count: minutes })}
      </p>
      <Button type="button" text={t('timeoutWarning.keepGoing')} onClick={keepGoing} />
    </dialog>
  );
}
