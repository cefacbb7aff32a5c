// Respondent pages rendered on the server with the app's own route table (dist-server, built by
// `npm run build`), so every page is complete without JavaScript; forms post back here.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLang } from '../engine/index';
import type { Rendered } from '../src/entry-server';
import { data } from 'react-router-dom';
import { BACK_TO_ANSWERS_FIELD, type PostedPage, type ServerContext } from '../src/serverContext';
import { isDatabaseUnavailable } from './storage/deadline';
import { stylesheetInliner } from './criticalCss';
import { contextFor, refusedPost, skipWithoutScript, type NoJsOptions } from './nojs/index';
import { SAVED_ANSWERS_FIELD } from '../src/savedState';
import { matchRoute, pathInLang, ROUTES, surveyPath } from '../src/paths';
import { classifyPath } from './paths';
import { isTestRun, testRunNotice } from './preview/notice';
import { contentSecurityPolicy, inlineScriptHashes } from './security';

type Render = (request: Request, context: ServerContext) => Promise<Rendered | Response>;

export interface PagesOptions extends NoJsOptions {
  /** The built app (dist/): assets and the page template. */
  root: string;
  /** The server bundle (dist-server/entry-server.js). */
  serverEntry: string;
  /** Counts a form post against the client's limit; resolves to the seconds to wait when over it, else 0. */
  limit?: (request: FastifyRequest) => Promise<number>;
}

const DATA_PLACEHOLDER = '<!--app-data-->';
const ROOT_PLACEHOLDER = '<div id="root"></div>';

/** `<` escaped so the data block cannot end early or open a tag. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value ?? null).replace(/</g, '\\u003c');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The page: the template with the rendered markup, its language, title and hydration data. */
function page(template: string, rendered: Rendered): string {
  return template
    .replace(/<html lang="[a-z]+"/, `<html lang="${rendered.lang}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(rendered.title)}</title>`)
    .replace(
      '</head>',
      rendered.noScriptRedirect
        ? `<noscript><meta http-equiv="refresh" content="0;url=${escapeText(rendered.noScriptRedirect).replace(/"/g, '&quot;')}"></noscript></head>`
        : '</head>',
    )
    .replace(
      ROOT_PLACEHOLDER,
      `${isTestRun(rendered.data) ? testRunNotice(rendered.lang) : ''}<div id="root">${rendered.html}</div>`,
    )
    .replace(
      DATA_PLACEHOLDER,
      `<script type="application/json" id="app-data">${jsonForHtml(rendered.data)}</script>`,
    );
}

/** The largest form a page posts without JavaScript. */
const FORM_LIMIT = 32 * 1024;

/** A posted form: each name with its values in order (checkboxes repeat their name). */
type FormBody = Map<string, string[]>;

function formBody(body: string): FormBody {
  const form: FormBody = new Map();
  for (const [name, value] of new URLSearchParams(body))
    form.set(name, [...(form.get(name) ?? []), value]);
  return form;
}

/** A Fetch request for the route table, with the posted form when there is one. */
export function fetchRequest(
  request: Pick<FastifyRequest, 'url' | 'method' | 'headers' | 'body'>,
): Request {
  const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
  // A post to a survey's root is for its index route (start page or one-page survey), which
  // React Router reaches only with `?index`.
  if (request.method === 'POST' && matchRoute(ROUTES.survey, url.pathname))
    url.searchParams.set('index', '');
  const init: RequestInit = { method: request.method, headers: { accept: 'text/html' } };
  if (request.method === 'POST') {
    // Repeated names (checkboxes) stay repeated. A body that is not a form reads as an empty one.
    const form = new URLSearchParams();
    const body = request.body instanceof Map ? (request.body as FormBody) : new Map();
    for (const [name, values] of body) for (const one of values) form.append(name, one);
    init.body = form.toString();
    (init.headers as Record<string, string>)['content-type'] = 'application/x-www-form-urlencoded';
  }
  return new Request(url, init);
}

/** What a page answered with the service-unavailable page asks a browser to wait (seconds). */
export const UNAVAILABLE_RETRY_AFTER_S = 10;

/** Registers the respondent pages; resolves to the service-unavailable page's drawer, for the
 *  error handler (server/errors.ts). */
export async function registerPages(
  app: FastifyInstance,
  options: PagesOptions,
): Promise<(request: FastifyRequest, reply: FastifyReply) => Promise<unknown>> {
  const root = resolve(options.root);
  if (existsSync(root)) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      cacheControl: false,
      // Built assets have .br and .gz beside them (made at build time): sent as the browser accepts.
      preCompressed: true,
      // Dotfiles (such as the build's .vite/manifest.json, which lists the source files) are
      // never served: `ignore` treats them as missing, so they get the app's not-found page.
      dotfiles: 'ignore',
      // Directories are never listed or served: their paths fall through to the not-found page.
      allowedPath: (pathName) => !pathName.endsWith('/') && pathName !== '/index.html',
      setHeaders: (res, filePath) => {
        const hashed = filePath.startsWith(join(root, 'assets') + sep);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const template = await readFile(join(root, 'index.html'), 'utf8').catch(() => '');
  const inlineStyles = template ? stylesheetInliner(root, template) : undefined;
  // The template's inline script (src/early.ts) runs only when the page's policy names it.
  const scriptHashes = inlineScriptHashes(template);
  const entry = resolve(options.serverEntry);
  const render: Render | undefined = existsSync(entry)
    ? ((await import(pathToFileURL(entry).href)) as { render: Render }).render
    : undefined;

  /** Sends a rendered page (or the Response a loader or action gave) with its headers. */
  const send = (
    reply: FastifyReply,
    result: Rendered | Response,
    cache: string,
    status?: number,
  ) => {
    if (result instanceof Response) {
      const location = result.headers.get('location');
      if (location)
        return reply
          .code(result.status)
          .header('cache-control', 'no-store')
          .redirect(location, result.status);
      return reply.code(result.status).header('cache-control', cache).send();
    }
    // The submission cap was reached (server/nojs): a minute's window at most.
    if (result.status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
    const html = page(template, result);
    const styled = inlineStyles?.(html);
    reply.header(
      'content-security-policy',
      contentSecurityPolicy({ styleHashes: styled ? [styled.styleHash] : [], scriptHashes }),
    );
    return reply
      .code(status ?? result.status)
      .headers(result.headers ?? {})
      .header('cache-control', cache)
      .type('text/html; charset=utf-8')
      .send(styled?.page ?? html);
  };

  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    notFound = false,
    refused?: number,
  ) => {
    const url = new URL(request.url, 'http://localhost');
    if (!render || !template) return reply.code(404).send({ error: 'Not Found' });
    const context = await contextFor(url, options);
    // A post over the client's limit is not stored: the "try again later" page, the draft kept
    // (a one-page survey's answers, which have no draft, come back in the page: refusedPost).
    if (refused) context.post = (posted, params) => refusedPost(posted, params, refused, options);
    // A page posted with errors, held for its address (Post/Redirect/Get): drawn as that post's
    // answer was, from what the draft holds.
    const { posted } = context;
    if (posted && request.method === 'GET') context.post = async () => posted;
    // The database out of reach while a form was handled: the route table would draw its error
    // page; the error handler draws the service-unavailable page instead (unavailablePage).
    let unavailable: unknown;
    const handle = context.post;
    context.post = (...args) =>
      handle(...args).catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) unavailable = error;
        throw error;
      });
    const asPosted =
      posted && request.method === 'GET'
        ? { url: request.url, headers: request.headers, method: 'POST', body: new Map() }
        : request;
    const result = await render(fetchRequest(asPosted), context);
    if (unavailable) throw unavailable;
    // Pages that carry a draft must not be stored by a browser or a proxy.
    // Nor may the answer to a post (it may carry the answers back).
    const cache =
      context.draftStatus === 'none' && request.method !== 'POST' ? 'no-cache' : 'no-store';
    return send(reply, result, cache, notFound ? 404 : undefined);
  };

  /**
   * The service-unavailable page for a survey's address, drawn without the database (the error
   * handler's answer to DatabaseUnavailable, server/errors.ts): in the page's language, in the
   * survey's frame, 503 with Retry-After. Nothing is lost: a posted form comes back in the page
   * with a button that posts it again to draw it filled in (a one-page survey's busy page does
   * the same); a page that was only shown links back to its address, whose draft holds the
   * answers. Undefined for any other address.
   */
  const unavailablePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const [path = '', query = ''] = request.url.split('?');
    const [, lang, id = '', screen] = path.split('/');
    const survey = options.surveys.get(id);
    if (!render || !template || !survey || !isLang(lang)) return undefined;
    const single = survey.layout === 'single';
    const page = survey.pages.find((p) => p.id === screen) ?? survey.pages[0];
    if (!page) return undefined;
    // The route that draws it: the question page, or a one-page survey's root.
    const target = single ? `/${lang}/${id}?index` : `/${lang}/${id}/${page.id}`;
    const form =
      request.method === 'POST' && request.body instanceof Map ? request.body : undefined;
    const fields = [...(form ?? new Map<string, string[]>())]
      .filter(([name]) => name !== BACK_TO_ANSWERS_FIELD)
      .flatMap(([name, values]) => (values as string[]).map((v): [string, string] => [name, v]));
    const here = `${single ? `/${lang}/${id}` : `/${lang}/${id}/${page.id}`}${query ? `?${query}` : ''}`;
    // Busy, as the submission cap's page says; what was posted comes back in the page, and a
    // page only shown leads back to its address (its draft holds the answers).
    const unavailable: PostedPage['unavailable'] =
      single || fields.length
        ? { reason: 'busy', kept: 'carried', carry: { action: here, fields } }
        : { reason: 'busy', kept: 'server', back: here };
    const context: ServerContext = {
      state: null,
      draft: null,
      newSubmissionKey: () => '',
      post: async () =>
        data({ answers: {}, errors: [], unavailable } satisfies PostedPage, { status: 503 }),
    };
    const request_ = { url: target, headers: request.headers, method: 'POST', body: new Map() };
    const result = await render(fetchRequest(request_), context);
    reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
    return send(reply, result, 'no-store', 503);
  };

  // Forms posted without JavaScript, in their own scope so that its body parsers apply to
  // these routes only (the feedback API keeps its JSON-only rules).
  await app.register(async (forms) => {
    // application/x-www-form-urlencoded as a Map of name to values (a name such as
    // `constructor` or `__proto__` is just a name); any other body, or none, as an empty form,
    // which the page answers with its errors.
    forms.removeAllContentTypeParsers();
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, formBody(body as string)),
    );
    forms.addContentTypeParser('*', (_request, _payload, done) => done(null, new Map()));
    // A body over the limit is not read: the page is drawn again from the draft (Post/Redirect/Get).
    forms.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.statusCode !== 413) throw error;
      return reply.header('cache-control', 'no-store').redirect(request.url, 303);
    });
    // A skip link pressed before the app arrived, posted by the page's inline script with the answers
    // saved in the browser (src/early.ts): they go on in a new draft, as a Continue's would.
    forms.post(ROUTES.skip, { bodyLimit: FORM_LIMIT }, async (request, reply) => {
      const { lang = '', survey: id = '', page = '' } = request.params as Record<string, string>;
      const survey = options.surveys.get(id);
      if (!isLang(lang) || !survey) return answer(request, reply, true);
      if (((await options.limit?.(request)) ?? 0) > 0)
        return reply.redirect(surveyPath(lang, survey, page), 303);
      const saved = (request.body as FormBody | undefined)?.get(SAVED_ANSWERS_FIELD)?.[0];
      const to = await skipWithoutScript(lang, survey, page, null, options, saved);
      if (!to) return answer(request, reply, true);
      return reply.header('cache-control', 'no-store').redirect(to, 303);
    });
    for (const url of [ROUTES.survey, ROUTES.question])
      forms.post(url, { bodyLimit: FORM_LIMIT }, async (request, reply) => {
        const path = request.url.split('?')[0]!;
        if (classifyPath(path, options.surveys).kind !== 'app')
          return reply.code(404).send({ error: 'Not Found' });
        // Every post, Start included, counts against the client's limit (server/submissionCap.ts).
        const wait = (await options.limit?.(request)) ?? 0;
        if (wait > 0) reply.header('retry-after', String(wait));
        return answer(request, reply, false, wait > 0 ? 429 : undefined);
      });
  });

  app.get(ROUTES.skip, async (request, reply) => {
    const { lang = '', survey: id = '', page = '' } = request.params as Record<string, string>;
    const survey = options.surveys.get(id);
    if (!isLang(lang) || !survey) return answer(request, reply, true);
    const draft = new URL(request.url, 'http://localhost').searchParams.get('draft');
    const to = await skipWithoutScript(lang, survey, page, draft, options);
    if (!to) return answer(request, reply, true);
    return reply.header('cache-control', 'no-store').redirect(to, 303);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return reply.code(404).send({ error: 'Not Found' });
    const path = request.url.split('?')[0]!;
    const query = request.url.slice(path.length);
    const target = classifyPath(path, options.surveys);
    if (target.kind === 'redirect') return reply.redirect(target.location + query, 301);
    // ?lang= switches language: the same page in the other language's address.
    const params = new URLSearchParams(query);
    const lang = params.get('lang');
    if (isLang(lang) && isLang(path.split('/')[1])) {
      params.delete('lang');
      const rest = params.toString();
      return reply.redirect(pathInLang(path, lang) + (rest ? `?${rest}` : ''), 302);
    }
    return answer(request, reply, target.kind === 'not-found');
  });
  return unavailablePage;
}
