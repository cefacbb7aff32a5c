// Respondent pages rendered on the server with the app's own route table (dist-server, built by
// `npm run build`), so every page is complete without JavaScript; forms post back here.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGS, type Lang } from '../engine/index';
import type { Rendered } from '../src/entry-server';
import type { ServerContext } from '../src/serverContext';
import { stylesheetInliner } from './criticalCss';
import { contextFor, refusedPost, skipWithoutScript, type NoJsOptions } from './nojs/index';
import { SAVED_ANSWERS_FIELD } from '../src/savedState';
import { classifyPath } from './paths';
import { isTestRun, testRunNotice } from './preview/notice';
import { contentSecurityPolicy } from './security';

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
  if (request.method === 'POST' && url.pathname.split('/').length === 3)
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

export async function registerPages(app: FastifyInstance, options: PagesOptions): Promise<void> {
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
  const entry = resolve(options.serverEntry);
  const render: Render | undefined = existsSync(entry)
    ? ((await import(pathToFileURL(entry).href)) as { render: Render }).render
    : undefined;

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
    const asPosted =
      posted && request.method === 'GET'
        ? { url: request.url, headers: request.headers, method: 'POST', body: new Map() }
        : request;
    const result = await render(fetchRequest(asPosted), context);
    // Pages that carry a draft must not be stored by a browser or a proxy.
    // Nor may the answer to a post (it may carry the answers back).
    const cache =
      context.draftStatus === 'none' && request.method !== 'POST' ? 'no-cache' : 'no-store';
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
    if (styled) reply.header('content-security-policy', contentSecurityPolicy([styled.styleHash]));
    return reply
      .code(notFound ? 404 : result.status)
      .headers(result.headers ?? {})
      .header('cache-control', cache)
      .type('text/html; charset=utf-8')
      .send(styled?.page ?? html);
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
    // A skip link pressed before the app arrived, posted by the entry script with the answers
    // saved in the browser (src/main.tsx): they go on in a new draft, as a Continue's would.
    forms.post('/:lang/:survey/:page/skip', { bodyLimit: FORM_LIMIT }, async (request, reply) => {
      const { lang = '', survey: id = '', page = '' } = request.params as Record<string, string>;
      const survey = options.surveys.get(id);
      if (!LANGS.includes(lang as Lang) || !survey) return answer(request, reply, true);
      const back = request.url.replace(/\/skip(?=\?|$)/, '');
      if (((await options.limit?.(request)) ?? 0) > 0) return reply.redirect(back, 303);
      const saved = (request.body as FormBody | undefined)?.get(SAVED_ANSWERS_FIELD)?.[0];
      const to = await skipWithoutScript(lang as Lang, survey, page, null, options, saved);
      if (!to) return answer(request, reply, true);
      return reply.header('cache-control', 'no-store').redirect(to, 303);
    });
    for (const url of ['/:lang/:survey', '/:lang/:survey/:page'])
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

  app.get('/:lang/:survey/:page/skip', async (request, reply) => {
    const { lang = '', survey: id = '', page = '' } = request.params as Record<string, string>;
    const survey = options.surveys.get(id);
    if (!LANGS.includes(lang as Lang) || !survey) return answer(request, reply, true);
    const draft = new URL(request.url, 'http://localhost').searchParams.get('draft');
    const to = await skipWithoutScript(lang as Lang, survey, page, draft, options);
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
    if (LANGS.includes(lang as Lang) && LANGS.includes(path.split('/')[1] as Lang)) {
      params.delete('lang');
      const rest = params.toString();
      return reply.redirect(path.replace(/^\/(en|cy)/, `/${lang}`) + (rest ? `?${rest}` : ''), 302);
    }
    return answer(request, reply, target.kind === 'not-found');
  });
}
