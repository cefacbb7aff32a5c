/**
 * The classes the entry script sets on <body> before the first paint (GOV.UK Frontend's support
 * classes). The server counts them as present when it picks a page's styles.
 */
export const SCRIPT_CLASSES = ['js-enabled', 'govuk-frontend-supported'];

/**
 * Set by the entry script when the respondent hid the cookie banner on an earlier page: the
 * server cannot know (no cookies), and drawing the banner until the app removes it would push the
 * page down and back up. Usually before the first paint; on a slow connection the entry can arrive
 * after it, and the banner then goes as soon as the entry runs.
 */
export const BANNER_HIDDEN_CLASS = 'app-cookie-banner-hidden';

/** Every class the entry script may set before the first paint. */
export const EARLY_CLASSES = [...SCRIPT_CLASSES, BANNER_HIDDEN_CLASS];

/** On controls that only work with a script: not shown without one (styles.scss). */
export const SCRIPT_ONLY_CLASS = 'app-script-only';

/** On a field a choice on its page shows by rule, while closed: hidden only where a script can
 *  open it (styles.scss), by the app or, until the app is live, the entry script. */
export const REVEALED_CLOSED_CLASS = 'app-revealed--closed';
