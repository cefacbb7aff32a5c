// What every group of team routes shares.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ReactNode } from 'react';
import type { ResolvedSurvey } from '../../engine';
import type { Role } from '../storage/team-types';
import type { TeamReader, TeamWrites } from './access';
import type { Scales } from './figures';
import { firstValues, type QueryValues } from './filters';
import { uiLang, type UiLang } from './text';

/** The refusals the team area answers with a page (server/team/refusals.ts). */
export type Refusal =
  | 'notFound'
  | 'responseNotFound'
  | 'forbidden'
  | 'csrf'
  | 'badInput'
  | 'exportRefused'
  | 'searchTimedOut';

export interface TeamContext {
  /** What pages may change; reads of feedback, tags, themes and the audit go through `reader`. */
  store: TeamWrites;
  /** The signed-in member's reader (server/team/access): the only way a page reads feedback. */
  reader(request: FastifyRequest): TeamReader;
  surveys: Map<string, ResolvedSurvey>;
  scales: Scales;
  clock: () => Date;
  retentionMonths: number;
  /** The public origin (PUBLIC_URL), for the links the team area gives out. */
  publicUrl: string;
  /** Sends a whole team page. */
  render(
    request: FastifyRequest,
    reply: FastifyReply,
    page: {
      title: string;
      children: ReactNode;
      script?: string;
      refresh?: string;
      /** The query the language link keeps (default: the request's); a refused filter is not kept. */
      query?: QueryValues;
    },
    status?: number,
  ): FastifyReply;
  /** Sends a refusal's page: its status, in the member's language, with a link on (`to`). */
  refuse(request: FastifyRequest, reply: FastifyReply, refusal: Refusal, to?: string): FastifyReply;
  /** Signed in with at least this role (and, for a POST, the session's CSRF token). */
  allow(role: Role): preHandlerAsyncHookHandler;
  /** Records who did what to which record (never feedback content). */
  audit(request: FastifyRequest, action: string, target?: string | null): Promise<void>;
}

export const langOf = (request: FastifyRequest): UiLang =>
  uiLang((request.query as Record<string, unknown> | undefined)?.lang);

/** The request's query, every value of a name given more than once (`answer`). */
export const queryValues = (request: FastifyRequest) => (request.query ?? {}) as QueryValues;

/** The request's query, one value a name (the first, where a name was given more than once). */
export const query = (request: FastifyRequest): Record<string, string | undefined> =>
  firstValues(queryValues(request));

export const form = (request: FastifyRequest) =>
  (request.body ?? {}) as Record<string, string | string[] | undefined>;

/** The team area's 404 page, in the request's language with a way on, shared by every route group. */
export const notFoundPage = (ctx: TeamContext, request: FastifyRequest, reply: FastifyReply) =>
  ctx.refuse(request, reply, 'notFound');
