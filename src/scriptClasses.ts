/**
 * The classes the entry script sets on <body> before the first paint (GOV.UK Frontend's support
 * classes). The server counts them as present when it picks a page's styles.
 */
export const SCRIPT_CLASSES = ['js-enabled', 'govuk-frontend-supported'];
