// A failed submit on a survey page: what to enter so that the page refuses it, and the check that
// the error summary then has the keyboard's focus (issue 34, item 2).
import type { Page } from '@playwright/test';
import { typeOf, visibleFields } from '../../../engine';
import type { Answers, ResolvedPage } from '../../../engine';
import { requiredFields } from './answers';
import { expect } from './fixtures';
import { fillPage, submitButton } from './journey';

/** What entered on a page is refused: nothing where a field is required, else one letter in a
 *  text field that needs two or more. Undefined when the page takes anything. */
export function refusedEntry(page: ResolvedPage): Answers | undefined {
  if (requiredFields(page, {}).length) return {};
  const short = visibleFields(page, {}).find(
    (field) =>
      (field.minLength ?? 0) >= 2 &&
      typeOf(field)
        .entry(field, 'x')
        .every((entry) => entry.control === 'text'),
  );
  return short ? { [short.name]: 'x' } : undefined;
}

/**
 * Enters what the page refuses and presses its button: the error summary has the focus. What was
 * entered is then taken out again (a text box emptied), so the page can be answered as planned.
 */
export async function expectRefusalFocused(
  page: Page,
  current: ResolvedPage,
  saved: Answers,
  refused: Answers,
): Promise<void> {
  await fillPage(page, current, saved, refused);
  await submitButton(page).click();
  const summary = page.locator('.govuk-error-summary');
  await expect(summary, `the failed submit on ${current.id}`).toBeVisible();
  await expect(summary, `the failed submit on ${current.id}`).toBeFocused();
  for (const name of Object.keys(refused)) await page.locator(`[name="${name}"]`).fill('');
}
