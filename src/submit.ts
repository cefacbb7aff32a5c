// Sends a prepared submission to the feedback API (endpoint and key are build-time settings).
import { isLang, type Submission } from '../engine';
import { useSurveyStore } from './store';

export const FEEDBACK_URL: string = import.meta.env.VITE_FEEDBACK_URL ?? '/api/feedback';
const API_KEY: string = import.meta.env.VITE_API_KEY ?? 'local-development-key';

export type SubmitResult =
  { ok: true } | { ok: false; status: number } | { ok: false; unavailable: true };

/** The header that marks a test submission from the editors' preview (server/feedback.ts). */
export const TEST_HEADER = 'x-test-submission';

/** POSTs the submission with the run's key (src/store.ts), so a second send of the same run
 *  stores nothing (`test`: from a page opened through the preview). A refusal carries its
 *  status code; no answer at all means the service is unavailable. */
export async function submitFeedback(
  submission: Submission,
  {
    test = false,
    runKey = useSurveyStore.getState().keyOfRun(),
  }: { test?: boolean; runKey?: string } = {},
): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await fetch(FEEDBACK_URL, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'x-api-key': API_KEY,
        'Idempotency-Key': runKey,
        // The page's language (set by Root), stored with the answers for the team's figures.
        ...(pageLanguage() ? { 'Content-Language': pageLanguage() } : {}),
        ...(test ? { [TEST_HEADER]: '1' } : {}),
      },
      body: JSON.stringify(submission),
    });
  } catch {
    return { ok: false, unavailable: true };
  }
  return response.ok ? { ok: true } : { ok: false, status: response.status };
}

function pageLanguage(): string | undefined {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLang(lang) ? lang : undefined;
}
