import { useEffect, useState } from 'react';
import { cx } from './common';
import { Textarea, type TextareaProps } from './Textarea';

export type CountType = 'length' | 'characters' | 'words';
/** Message by CLDR plural category ('one', 'other'; Welsh also 'zero', 'two', 'few', 'many'); `%{count}` is replaced. */
export type PluralTexts = Partial<Record<Intl.LDMLPluralRule, string>>;

export interface CharacterCountProps extends Omit<TextareaProps, 'formGroup' | 'describedBy'> {
  maxlength?: number;
  /** Deprecated in govuk-frontend (use maxlength with countType 'words'); counts whitespace-separated words. */
  maxwords?: number;
  /** Percentage of the limit before the live count shows (0 = always). */
  threshold?: number;
  /** 'length' (default, UTF-16 length as the browser's maxlength), 'characters' (graphemes) or 'words'. */
  countType?: CountType;
  /** Visually hidden static description, `%{count}` = the limit. Default 'You can enter up to %{count} characters|words'. */
  textareaDescriptionText?: string;
  charactersUnderLimitText?: PluralTexts;
  charactersAtLimitText?: string;
  charactersOverLimitText?: PluralTexts;
  wordsUnderLimitText?: PluralTexts;
  wordsAtLimitText?: string;
  wordsOverLimitText?: PluralTexts;
  countMessage?: { classes?: string };
  /** Form group classes, extra attributes (plain values), and content before the textarea. */
  formGroup?: Pick<NonNullable<TextareaProps['formGroup']>, 'classes' | 'beforeInput'> & {
    attributes?: Record<string, string | number>;
  };
  /** Locale for plural categories, number format and word/grapheme segmenting (default 'en'). */
  locale?: string;
  /** Builds the live message from the characters/words remaining (negative when over); overrides the *Text options. */
  formatCountMessage?: (remaining: number, countType: CountType) => string;
  /** The part of the text that counts, e.g. what will be sent once it is cleaned (default: all of it). */
  countedText?: (text: string) => string;
}

// govuk-frontend's own English defaults (character-count.mjs).
const DEFAULTS = {
  charactersUnderLimit: {
    one: 'You have %{count} character remaining',
    other: 'You have %{count} characters remaining',
  },
  charactersAtLimit: 'You have 0 characters remaining',
  charactersOverLimit: {
    one: 'You have %{count} character too many',
    other: 'You have %{count} characters too many',
  },
  wordsUnderLimit: {
    one: 'You have %{count} word remaining',
    other: 'You have %{count} words remaining',
  },
  wordsAtLimit: 'You have 0 words remaining',
  wordsOverLimit: {
    one: 'You have %{count} word too many',
    other: 'You have %{count} words too many',
  },
};

/** Screen readers hear the count this long after typing stops (govuk JS waits for a pause too). */
export const SCREEN_READER_DELAY_MS = 1000;

/**
 * govuk-frontend `character-count` as its JavaScript leaves it after initialising: the static
 * description is visually hidden, followed by the visible live count (aria-hidden) and the
 * screen-reader status (aria-live, updated after a pause in typing).
 */
export function CharacterCount(props: CharacterCountProps) {
  const {
    maxlength,
    maxwords,
    threshold,
    textareaDescriptionText,
    countMessage,
    formGroup,
    locale = 'en',
    formatCountMessage,
    countedText,
    onChange,
    charactersUnderLimitText,
    charactersAtLimitText,
    charactersOverLimitText,
    wordsUnderLimitText,
    wordsAtLimitText,
    wordsOverLimitText,
    ...textarea
  } = props;
  const countType: CountType = props.countType ?? (maxwords ? 'words' : 'length');
  const id = props.id || props.name;
  const [own, setOwn] = useState(props.value ?? '');
  const text = 'value' in props ? (props.value ?? '') : own;

  const limit = maxlength ?? maxwords ?? Infinity;
  const counted = countedText ? countedText(text) : text;
  const count = countOf(
    counted,
    countType,
    maxwords !== undefined && maxlength === undefined,
    locale,
  );
  const remaining = limit - count;
  const isError = remaining < 0;
  const shown = !threshold || (limit * threshold) / 100 <= count;
  const texts = {
    charactersUnderLimit: charactersUnderLimitText,
    charactersAtLimit: charactersAtLimitText,
    charactersOverLimit: charactersOverLimitText,
    wordsUnderLimit: wordsUnderLimitText,
    wordsAtLimit: wordsAtLimitText,
    wordsOverLimit: wordsOverLimitText,
  };
  const message = formatCountMessage
    ? formatCountMessage(remaining, countType)
    : defaultMessage(remaining, countType, texts, locale);
  const screenReaderMessage = useSettled(message, SCREEN_READER_DELAY_MS);

  const unit = countType === 'words' ? 'words' : 'characters';
  const description = (textareaDescriptionText ?? `You can enter up to %{count} ${unit}`).replace(
    '%{count}',
    String(maxwords ?? maxlength ?? ''),
  );
  const messageClasses = cx('govuk-hint', 'govuk-character-count__message', countMessage?.classes);

  return (
    <Textarea
      {...textarea}
      id={id}
      describedBy={`${id}-info`}
      classes={cx(
        'govuk-js-character-count',
        props.classes,
        isError && !props.errorMessage && 'govuk-textarea--error',
      )}
      value={text}
      onChange={(value, event) => {
        setOwn(value);
        onChange?.(value, event);
      }}
      formGroup={{
        classes: cx('govuk-character-count', formGroup?.classes),
        attributes: {
          'data-module': 'govuk-character-count',
          'data-maxlength': { value: maxlength, optional: true },
          'data-maxwords': { value: maxwords, optional: true },
          'data-threshold': { value: threshold, optional: true },
          'data-count-type': {
            value: props.countType ?? (maxwords ? 'words' : undefined),
            optional: true,
          },
          ...i18nAttributes(texts),
          ...formGroup?.attributes,
        },
        beforeInput: formGroup?.beforeInput,
        afterInput: {
          children: (
            <>
              <div id={`${id}-info`} className={cx(messageClasses, 'govuk-visually-hidden')}>
                {description}
              </div>
              <div
                className={cx(
                  'govuk-character-count__message',
                  !isError && 'govuk-hint',
                  countMessage?.classes,
                  'govuk-character-count__status',
                  !shown && 'govuk-character-count__message--disabled',
                  isError && 'govuk-error-message',
                )}
                aria-hidden="true"
              >
                {message}
              </div>
              <div
                className="govuk-character-count__sr-status govuk-visually-hidden"
                aria-live="polite"
                aria-hidden={shown ? undefined : 'true'}
              >
                {screenReaderMessage}
              </div>
            </>
          ),
        },
      }}
    />
  );
}

function countOf(text: string, countType: CountType, legacyWords: boolean, locale: string): number {
  if (countType === 'characters') {
    return Array.from(new Intl.Segmenter(locale, { granularity: 'grapheme' }).segment(text)).length;
  }
  if (countType === 'words') {
    if (legacyWords) return text.match(/\S+/g)?.length ?? 0;
    return Array.from(new Intl.Segmenter(locale, { granularity: 'word' }).segment(text)).filter(
      (s) => s.isWordLike,
    ).length;
  }
  return text.length;
}

type Texts = Record<keyof typeof DEFAULTS, PluralTexts | string | undefined>;

function defaultMessage(
  remaining: number,
  countType: CountType,
  texts: Texts,
  locale: string,
): string {
  const prefix = countType === 'words' ? 'words' : 'characters';
  const suffix = remaining === 0 ? 'AtLimit' : remaining < 0 ? 'OverLimit' : 'UnderLimit';
  const key = `${prefix}${suffix}` as keyof typeof DEFAULTS;
  const chosen: PluralTexts | string = texts[key] ?? DEFAULTS[key];
  if (typeof chosen === 'string') return chosen;
  const count = Math.abs(remaining);
  const form = chosen[new Intl.PluralRules(locale).select(count)] ?? chosen.other ?? '';
  return form.replace(/%\{count\}/g, new Intl.NumberFormat(locale).format(count));
}

// govuk's data-i18n.* attributes, kept so the markup matches the macro's when texts are given.
function i18nAttributes(texts: Texts): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(texts)) {
    const name = `data-i18n.${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    if (typeof value === 'string') out[name] = value;
    else for (const [rule, text] of Object.entries(value ?? {})) out[`${name}.${rule}`] = text;
  }
  return out;
}

/** The value once it has stopped changing for `delay` ms. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
