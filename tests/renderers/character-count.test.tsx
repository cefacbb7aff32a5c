import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CharacterCount, SCREEN_READER_DELAY_MS } from '../../renderers/CharacterCount';

function status(container: HTMLElement) {
  return container.querySelector('.govuk-character-count__status')!;
}

describe('CharacterCount', () => {
  it('shows remaining characters, then an error style when over the limit', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <CharacterCount name="improve" maxlength={5} label={{ text: 'Improve' }} />,
    );
    const description = container.querySelector('#improve-info')!;
    expect(description).toHaveTextContent('You can enter up to 5 characters');
    expect(description).toHaveClass('govuk-visually-hidden');
    expect(status(container)).toHaveTextContent('You have 5 characters remaining');
    expect(status(container)).toHaveClass('govuk-hint');

    await user.type(screen.getByLabelText('Improve'), 'abcd');
    expect(status(container)).toHaveTextContent('You have 1 character remaining');
    await user.type(screen.getByLabelText('Improve'), 'e');
    expect(status(container)).toHaveTextContent('You have 0 characters remaining');
    await user.type(screen.getByLabelText('Improve'), 'fg');
    expect(status(container)).toHaveTextContent('You have 2 characters too many');
    expect(status(container)).toHaveClass('govuk-error-message');
    expect(status(container)).not.toHaveClass('govuk-hint');
    expect(screen.getByLabelText('Improve')).toHaveClass('govuk-textarea--error');
  });

  it('uses the caller’s plural forms by locale (Welsh categories) and its description text', () => {
    const under = {
      zero: '%{count} nod ar ôl (zero)',
      one: '%{count} nod ar ôl (one)',
      two: '%{count} nod ar ôl (two)',
      few: '%{count} nod ar ôl (few)',
      many: '%{count} nod ar ôl (many)',
      other: '%{count} nod ar ôl (other)',
    };
    const cases: [string, string][] = [
      ['abcdefghi', 'one'],
      ['abcdefgh', 'two'],
      ['abcdefg', 'few'],
      ['abcd', 'many'],
      ['ab', 'other'],
    ];
    for (const [value, category] of cases) {
      const { container, unmount } = render(
        <CharacterCount
          name="c"
          maxlength={10}
          value={value}
          locale="cy"
          charactersUnderLimitText={under}
          textareaDescriptionText="Gallwch roi hyd at %{count} nod"
        />,
      );
      expect(status(container).textContent).toContain(`(${category})`);
      expect(container.querySelector('#c-info')).toHaveTextContent('Gallwch roi hyd at 10 nod');
      unmount();
    }
  });

  it('formatCountMessage overrides the message and sees negative remainders', () => {
    const { container } = render(
      <CharacterCount
        name="c"
        maxlength={3}
        value="abcde"
        formatCountMessage={(n) => `remaining ${n}`}
      />,
    );
    expect(status(container)).toHaveTextContent('remaining -2');
  });

  it('tells screen readers only after typing pauses, and hides the count below the threshold', async () => {
    vi.useFakeTimers();
    try {
      const onChange = vi.fn();
      const { container, rerender } = render(
        <CharacterCount name="c" maxlength={10} threshold={50} value="" onChange={onChange} />,
      );
      const sr = container.querySelector('.govuk-character-count__sr-status')!;
      expect(status(container)).toHaveClass('govuk-character-count__message--disabled');
      expect(sr).toHaveAttribute('aria-hidden', 'true');
      rerender(
        <CharacterCount
          name="c"
          maxlength={10}
          threshold={50}
          value="abcdef"
          onChange={onChange}
        />,
      );
      expect(status(container)).toHaveTextContent('You have 4 characters remaining');
      expect(status(container)).not.toHaveClass('govuk-character-count__message--disabled');
      expect(sr).toHaveTextContent('You have 10 characters remaining');
      act(() => vi.advanceTimersByTime(SCREEN_READER_DELAY_MS));
      expect(sr).toHaveTextContent('You have 4 characters remaining');
      expect(sr).not.toHaveAttribute('aria-hidden');
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts graphemes and words when asked', () => {
    const { container, unmount } = render(
      <CharacterCount name="c" maxlength={5} countType="characters" value="👩🏻‍🚀ab" />,
    );
    expect(status(container)).toHaveTextContent('You have 2 characters remaining');
    unmount();
    const words = render(
      <CharacterCount name="w" maxlength={5} countType="words" value="one two, three" />,
    );
    expect(status(words.container)).toHaveTextContent('You have 2 words remaining');
  });
});
