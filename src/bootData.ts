// What the server rendered the page with, in a JSON block (not a script: the CSP allows no
// inline script). Read once by the entry script, which needs it first, and handed to the app.
import type { SurveyData } from './store';

export interface BootData {
  /** React Router's loader data and errors, by route id. */
  router?: { loaderData?: Record<string, unknown> };
  /** A draft the server kept (the script did not run on earlier pages), or null. */
  state?: SurveyData | null;
}

export function readBootData(): BootData {
  return JSON.parse(document.getElementById('app-data')?.textContent || '{}') as BootData;
}
