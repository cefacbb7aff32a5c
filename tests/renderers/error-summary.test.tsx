import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorSummary, Input, Radios } from '../../renderers';

function Page({ focusOnMount, focusKey }: { focusOnMount?: boolean; focusKey?: number }) {
  return (
    <>
      <ErrorSummary
        titleText="Mae problem"
        focusOnMount={focusOnMount}
        focusKey={focusKey}
        errorList={[
          { text: 'Select an option', href: '#sector' },
          { text: 'Enter your email address', href: '#email' },
        ]}
      />
      <Radios
        name="sector"
        fieldset={{ legend: { text: 'Which sector?' } }}
        errorMessage={{ text: 'Select an option' }}
        items={[
          { value: 'a', text: 'Public' },
          { value: 'b', text: 'Private' },
        ]}
      />
      <Input
        name="email"
        label={{ text: 'Email address' }}
        errorMessage={{ text: 'Enter your email address' }}
      />
    </>
  );
}

describe('ErrorSummary', () => {
  it('takes focus when it mounts, with tabindex -1 that goes once it loses focus', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const summary = screen.getByRole('alert').parentElement!;
    expect(summary).toHaveFocus();
    expect(summary).toHaveAttribute('tabindex', '-1');
    await user.tab();
    expect(summary).not.toHaveFocus();
    expect(summary).not.toHaveAttribute('tabindex');
  });

  it('takes focus again when focusKey changes (a repeated failed submit)', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Page focusKey={1} />);
    const summary = screen.getByRole('alert').parentElement!;
    await user.click(screen.getByLabelText('Email address'));
    expect(summary).not.toHaveFocus();
    rerender(<Page focusKey={1} />);
    expect(summary).not.toHaveFocus();
    rerender(<Page focusKey={2} />);
    expect(summary).toHaveFocus();
  });

  it('does not take focus when focusOnMount is false', () => {
    render(<Page focusOnMount={false} />);
    expect(screen.getByRole('alert').parentElement).not.toHaveFocus();
  });

  it('a link click focuses the first radio and scrolls its legend into view', async () => {
    const user = userEvent.setup();
    const scrolled: Element[] = [];
    // jsdom has no layout, so no scrollIntoView: record the calls instead.
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      render(<Page />);
      await user.click(screen.getByRole('link', { name: 'Select an option' }));
      expect(screen.getByLabelText('Public')).toHaveFocus();
      expect(scrolled.at(-1)?.tagName).toBe('LEGEND');

      await user.click(screen.getByRole('link', { name: 'Enter your email address' }));
      expect(screen.getByLabelText('Email address')).toHaveFocus();
      expect(scrolled.at(-1)).toHaveTextContent('Email address');
      expect(scrolled.at(-1)?.tagName).toBe('LABEL');
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('renders the title and a list with links to fields', () => {
    render(<Page focusOnMount={false} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Mae problem' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Select an option' })).toHaveAttribute(
      'href',
      '#sector',
    );
  });

  it('is drawn by the server focusable and autofocused, so it takes focus without a script', () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(<Page />);
    const summary = host.querySelector('.govuk-error-summary')!;
    expect(summary).toHaveAttribute('tabindex', '-1');
    expect(summary).toHaveAttribute('autofocus');
    host.innerHTML = renderToString(<Page focusOnMount={false} />);
    expect(host.querySelector('.govuk-error-summary')).not.toHaveAttribute('autofocus');
  });
});
