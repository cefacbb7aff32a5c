// What every group of team routes shares.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { createElement, type ReactNode } from 'react';
import type { ResolvedSurvey } from '../../engine';
import type { Role, TeamStore } from '../storage/team-types';
import type { Scales } from './figures';
import { text, uiLang, type UiLang } from './text';

export interface TeamContext {
  store: TeamStore;
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
      query?: Record<string, string | undefined>;
    },
    status?: number,
  ): FastifyReply;
  /** Signed in with at least this role (and, for a POST, the session's CSRF token). */
  allow(role: Role): preHandlerAsyncHookHandler;
  /** Records who did what to which record (never feedback content). */
  audit(request: FastifyRequest, action: string, target?: string | null): Promise<void>;
}

export const langOf = (request: FastifyRequest): UiLang =>
  uiLang((request.query as Record<string, unknown> | undefined)?.lang);

export const query = (request: FastifyRequest) =>
  (request.query ?? {}) as Record<string, string | undefined>;

export const form = (request: FastifyRequest) =>
  (request.body ?? {}) as Record<string, string | string[] | undefined>;

/** The team area's 404 page (one heading in the request's language), shared by every route group. */
export const notFoundPage = (ctx: TeamContext, request: FastifyRequest, reply: FastifyReply) => {
  const lang = langOf(request);
  return ctx.render(
    request,
    reply,
    {
      title: text(lang, 'notFound'),
      children: createElement('h1', { className: 'govuk-heading-l' }, text(lang, 'notFound')),
    },
    404,
  );
};
