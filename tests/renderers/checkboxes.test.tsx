import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Checkboxes, Textarea } from '../../renderers';

const items = [
  { value: 'a', text: 'Alpha' },
  {
    value: 'b',
    text: 'Beta',
    conditional: { children: <Textarea name="betaOther" label={{ text: 'Why beta?' }} /> },
  },
  { divider: 'or' },
  { value: 'none', text: 'None of these', behaviour: 'exclusive' as const },
];

describe.each([true, false])('Checkboxes (controlled: %s)', (controlled) => {
  function Group({ onValues }: { onValues: (v: string[]) => void }) {
    const [values, setValues] = useState<string[]>([]);
    return (
      <Checkboxes
        name="pick"
        items={items}
        {...(controlled ? { values } : {})}
        onChange={(next) => {
          onValues(next);
          setValues(next);
        }}
      />
    );
  }

  it('exclusive option clears the others, and another option clears it', async () => {
    const user = userEvent.setup();
    const reported: string[][] = [];
    render(<Group onValues={(v) => reported.push(v)} />);
    await user.click(screen.getByLabelText('Alpha'));
    await user.click(screen.getByLabelText('Beta'));
    expect(reported.at(-1)).toEqual(['a', 'b']);

    await user.click(screen.getByLabelText('None of these'));
    expect(reported.at(-1)).toEqual(['none']);
    expect(screen.getByLabelText('Alpha')).not.toBeChecked();
    expect(screen.getByLabelText('Beta')).not.toBeChecked();
    expect(screen.getByLabelText('None of these')).toBeChecked();

    await user.click(screen.getByLabelText('Alpha'));
    expect(reported.at(-1)).toEqual(['a']);
    expect(screen.getByLabelText('None of these')).not.toBeChecked();

    await user.click(screen.getByLabelText('Alpha'));
    expect(reported.at(-1)).toEqual([]);
  });

  it('reveals conditional content while checked without losing typed text; exclusive hides it', async () => {
    const user = userEvent.setup();
    const { container } = render(<Group onValues={() => {}} />);
    const conditional = container.querySelector('#conditional-pick-2')!;
    expect(conditional).toHaveClass('govuk-checkboxes__conditional--hidden');
    await user.click(screen.getByLabelText('Beta'));
    expect(conditional).not.toHaveClass('govuk-checkboxes__conditional--hidden');
    expect(screen.getByLabelText('Beta')).toHaveAttribute('aria-controls', 'conditional-pick-2');
    expect(screen.getByLabelText('Beta')).not.toHaveAttribute('aria-expanded');
    await user.type(screen.getByLabelText('Why beta?'), 'Because');
    await user.click(screen.getByLabelText('None of these'));
    expect(conditional).toHaveClass('govuk-checkboxes__conditional--hidden');
    await user.click(screen.getByLabelText('Beta'));
    expect(screen.getByLabelText('Why beta?')).toHaveValue('Because');
  });
});
