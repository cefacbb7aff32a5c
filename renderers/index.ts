// GOV.UK Frontend 6 components as React, props = govuk macro options (see each file).
export * from './common';
export { Label, type LabelProps } from './Label';
export { Hint, type HintProps } from './Hint';
export { ErrorMessage, type ErrorMessageProps } from './ErrorMessage';
export { Fieldset, type FieldsetProps, type LegendOptions } from './Fieldset';
export { Radios, type RadiosProps, type RadioItem } from './Radios';
export { Checkboxes, type CheckboxesProps, type CheckboxItem } from './Checkboxes';
export { Input, type InputProps } from './Input';
export { Textarea, type TextareaProps } from './Textarea';
export {
  CharacterCount,
  type CharacterCountProps,
  type CountType,
  type PluralTexts,
} from './CharacterCount';
export { ErrorSummary, type ErrorSummaryProps, type ErrorSummaryItem } from './ErrorSummary';
export { Button, type ButtonProps } from './Button';
export { BackLink, type BackLinkProps } from './BackLink';
export { SkipLink, type SkipLinkProps } from './SkipLink';
export { Tag, type TagProps } from './Tag';
export { Panel, type PanelProps, type PanelAction } from './Panel';
export { InsetText, type InsetTextProps } from './InsetText';
export { PhaseBanner, type PhaseBannerProps } from './PhaseBanner';
export { Logo, type LogoProps } from './Logo';
export { Header, type HeaderProps } from './Header';
export {
  ServiceNavigation,
  type ServiceNavigationProps,
  type ServiceNavigationItem,
} from './ServiceNavigation';
export {
  LanguageNavigation,
  type LanguageNavigationProps,
  type LanguageItem,
} from './LanguageNavigation';
export { Footer, type FooterProps, type FooterLink } from './Footer';
export {
  CookieBanner,
  type CookieBannerProps,
  type CookieBannerMessage,
  type CookieBannerAction,
} from './CookieBanner';
export { ProgressCaption, type ProgressCaptionProps } from './ProgressCaption';
export { SkipQuestionLink, type SkipQuestionLinkProps } from './SkipQuestionLink';
