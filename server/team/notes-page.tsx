// Dated notes (/team/notes): a note marks a UK day ("New phone line opened") on every trend, for
// one survey or all. Everyone sees them; analysts and admins add and delete them (audited).
import type { ReactNode } from 'react';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ResolvedSurvey } from '../../engine';
import { Button, ErrorMessage, ErrorSummary } from '../../renderers';
import type { Note } from '../storage/team-types';
import { form, langOf, notFoundPage, type TeamContext } from './context';
import { day } from './filters';
import { withLang } from './layout';
import { surveyName } from './privacy';
import { hasRole } from './session';
import { Table } from './table';
import { formatDate, text, type TextKey, type UiLang } from './text';

/** The longest note: it is shown under every trend. */
export const NOTE_MAX = 200;

type NoteField = 'day' | 'survey' | 'text';
interface NoteForm {
  typed: Record<NoteField, string>;
  errors: { field: NoteField; key: TextKey }[];
}

/** A note's day in words ("11 June 2026"). */
export const noteDate = (lang: UiLang, note: Note) => formatDate(lang, day(note.day)!);

function NotesPage(props: {
  lang: UiLang;
  notes: Note[];
  surveys: ResolvedSurvey[];
  csrf: string;
  canEdit: boolean;
  form?: NoteForm;
}) {
  const { lang } = props;
  const t = (key: TextKey, params?: Record<string, string>) => text(lang, key, params);
  const errorOf = (field: NoteField) => props.form?.errors.find((e) => e.field === field);
  const surveyOf = (id?: string) => props.surveys.find((s) => s.id === id);
  const group = (
    field: NoteField,
    label: TextKey,
    control: (describedBy?: string) => ReactNode,
    hint?: string,
  ) => {
    const error = errorOf(field);
    const id = `note-${field}`;
    const describedBy =
      [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
    return (
      <div className={`govuk-form-group${error ? ' govuk-form-group--error' : ''}`}>
        <label className="govuk-label" htmlFor={id}>
          {t(label)}
        </label>
        {hint && (
          <div className="govuk-hint" id={`${id}-hint`}>
            {hint}
          </div>
        )}
        {error && (
          <ErrorMessage id={`${id}-error`} visuallyHiddenText={t('errorPrefix')}>
            {t(error.key)}
          </ErrorMessage>
        )}
        {control(describedBy)}
      </div>
    );
  };
  const typed = props.form?.typed;
  const invalid = (field: NoteField, base: string) =>
    errorOf(field) ? `${base} ${base}--error` : base;
  return (
    <>
      {props.form && props.form.errors.length > 0 && (
        <ErrorSummary
          titleText={t('thereIsAProblem')}
          errorList={props.form.errors.map((e) => ({ text: t(e.key), href: `#note-${e.field}` }))}
        />
      )}
      <h1 className="govuk-heading-l">{t('notes')}</h1>
      <p className="govuk-body">{t('notesIntro')}</p>
      <p className="govuk-body">{t('ukDays')}</p>
      {props.notes.length === 0 ? (
        <p className="govuk-body">{t('noNotes')}</p>
      ) : (
        <Table
          caption={t('notes')}
          captionSize="hidden"
          columns={[
            { heading: t('noteDate') },
            { heading: t('noteText') },
            { heading: t('noteFor') },
            ...(props.canEdit ? [{ heading: t('actions') }] : []),
          ]}
          rows={props.notes.map((note) => {
            const survey = surveyOf(note.surveyId);
            return {
              key: note.id,
              cells: [
                noteDate(lang, note),
                note.text,
                survey ? surveyName(survey, lang) : t('allSurveys'),
                ...(props.canEdit
                  ? [
                      <form method="post" action={withLang(`/team/notes/${note.id}/delete`, lang)}>
                        <input type="hidden" name="csrf" value={props.csrf} />
                        <Button classes="govuk-button--warning govuk-!-margin-bottom-0">
                          {t('noteDelete')}
                          <span className="govuk-visually-hidden">
                            {' '}
                            {t('noteDeleteWhich', { date: noteDate(lang, note) })}
                          </span>
                        </Button>
                      </form>,
                    ]
                  : []),
              ],
            };
          })}
        />
      )}
      {props.canEdit && (
        <form method="post" action={withLang('/team/notes', lang)} noValidate>
          <input type="hidden" name="csrf" value={props.csrf} />
          <h2 className="govuk-heading-m">{t('noteAddHeading')}</h2>
          {group(
            'day',
            'noteDate',
            (describedBy) => (
              <input
                className={invalid('day', 'govuk-input') + ' govuk-input--width-10'}
                id="note-day"
                name="day"
                type="text"
                inputMode="numeric"
                defaultValue={typed?.day}
                aria-describedby={describedBy}
              />
            ),
            t('dateHint'),
          )}
          {group('text', 'noteText', (describedBy) => (
            <input
              className={invalid('text', 'govuk-input')}
              id="note-text"
              name="text"
              type="text"
              maxLength={NOTE_MAX}
              defaultValue={typed?.text}
              aria-describedby={describedBy}
            />
          ))}
          {group('survey', 'noteSurvey', (describedBy) => (
            <select
              className={invalid('survey', 'govuk-select')}
              id="note-survey"
              name="survey"
              defaultValue={typed?.survey ?? ''}
              aria-describedby={describedBy}
            >
              <option value="">{t('allSurveys')}</option>
              {props.surveys.map((s) => (
                <option key={s.id} value={s.id}>
                  {surveyName(s, lang)}
                </option>
              ))}
            </select>
          ))}
          <Button>{t('noteAdd')}</Button>
        </form>
      )}
    </>
  );
}

export function registerNotes(team: FastifyInstance, ctx: TeamContext): void {
  const page = async (request: FastifyRequest, reply: FastifyReply, given?: NoteForm) => {
    const lang = langOf(request);
    const notes = await ctx.reader(request).notes();
    const title = text(lang, 'notes');
    return ctx.render(
      request,
      reply,
      {
        title: given ? `${text(lang, 'errorPrefix')}: ${title}` : title,
        children: (
          <NotesPage
            lang={lang}
            notes={notes}
            surveys={[...ctx.surveys.values()]}
            csrf={request.team!.csrf}
            canEdit={hasRole(request.team!.member, 'analyst')}
            form={given}
          />
        ),
      },
      given ? 400 : 200,
    );
  };
  const toNotes = (request: FastifyRequest, reply: FastifyReply) =>
    reply.redirect(withLang('/team/notes', langOf(request)), 303);

  team.get('/team/notes', { preHandler: ctx.allow('viewer') }, page);

  team.post('/team/notes', { preHandler: ctx.allow('analyst') }, async (request, reply) => {
    const body = form(request);
    const one = (name: NoteField) => {
      const value = body[name];
      return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
    };
    const typed = { day: one('day'), survey: one('survey'), text: one('text') };
    const errors: NoteForm['errors'] = [];
    if (!day(typed.day)) errors.push({ field: 'day', key: 'noteDateInvalid' });
    if (!typed.text) errors.push({ field: 'text', key: 'noteTextMissing' });
    else if (typed.text.length > NOTE_MAX) errors.push({ field: 'text', key: 'noteTextLong' });
    if (typed.survey && !ctx.surveys.has(typed.survey))
      errors.push({ field: 'survey', key: 'noteSurveyUnknown' });
    if (errors.length) return page(request, reply, { typed, errors });
    await ctx.store.addNote(
      { day: typed.day, text: typed.text, ...(typed.survey ? { surveyId: typed.survey } : {}) },
      ctx.clock(),
    );
    await ctx.audit(request, 'note-add', typed.day);
    return toNotes(request, reply);
  });

  team.post<{ Params: { noteId: string } }>(
    '/team/notes/:noteId/delete',
    { preHandler: ctx.allow('analyst') },
    async (request, reply) => {
      const note = (await ctx.reader(request).notes()).find((n) => n.id === request.params.noteId);
      if (!note || !(await ctx.store.removeNote(note.id))) return notFoundPage(ctx, request, reply);
      await ctx.audit(request, 'note-delete', note.day);
      return toNotes(request, reply);
    },
  );
}
