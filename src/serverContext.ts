// What the server hands the route table when it renders a page (React Router's request context).
// In the browser there is none: loaders read the store, and forms are handled by the page itself.
import type { data, LoaderFunctionArgs } from 'react-router-dom';
import type { Answers } from '../engine';
import type { SurveyData } from './store';

export interface ServerContext {
  /** The respondent's state for this request: their draft (no JavaScript), or none. */
  state: SurveyData | null;
  /** The draft token carried in the address, when there is a live draft. */
  draft: string | null;
  /** A new one-time key for a one-page survey's form (server/storage/submission-key.ts). */
  newSubmissionKey(): string;
  /** Handles a form posted without JavaScript (a redirect, or the page's errors). */
  post(
    request: Request,
    params: LoaderFunctionArgs['params'],
  ): Promise<Response | PostedPage | ReturnType<typeof data<PostedPage>>>;
}

/** The hidden field that carries a one-page survey's submission key: posted twice (a double
 *  tap, two tabs), the form is stored once (a hyphen: no survey field can be named so). */
export const SUBMISSION_KEY_FIELD = 'submission-key';

/** A form as posted (name and value pairs), carried back by a page to post it again to `action`. */
export interface CarriedForm {
  action: string;
  fields: [string, string][];
}

/** The button of the "try again later" page that carries a one-page survey's answers back:
 *  posted with them, it draws the page filled in instead of sending. */
export const BACK_TO_ANSWERS_FIELD = 'back-to-answers';

/** A question page posted with errors: shown again with what was typed. */
export interface PostedPage {
  answers: Answers;
  errors: { field: string; message: { key: string; params?: Record<string, string | number> } }[];
  suggestion?: { typed: string; full: string };
  /** The service did not take the post: too busy (the submission cap, 503) or the client over
   *  its limit (429). The answers are kept in the draft (`back` leads to them), or carried back
   *  in the page (`carry`: a post over the limit writes nothing), or there are none yet (Start:
   *  `back` leads to the start page). */
  unavailable?: {
    reason: 'busy' | 'limit';
    kept: 'server' | 'carried' | 'none';
    back?: string;
    carry?: CarriedForm;
  };
}

export function serverContext(args: { context?: unknown }): ServerContext | undefined {
  const context = args.context as Partial<ServerContext> | undefined;
  return context && 'post' in context ? (context as ServerContext) : undefined;
}
