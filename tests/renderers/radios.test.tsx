import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Input, Radios } from '../../renderers';

function Question({ controlled }: { controlled: boolean }) {
  const [value, setValue] = useState<string>();
  const [other, setOther] = useState('');
  return (
    <Radios
      name="howHeard"
      fieldset={{ legend: { text: 'How did you hear?' } }}
      // Controlled when the value prop is present, even while undefined.
      {...(controlled ? { value } : {})}
      onChange={setValue}
      items={[
        { value: 'web', text: 'Website' },
        {
          value: 'other',
          text: 'Other',
          conditional: {
            children: (
              <Input
                name="howHeardOther"
                label={{ text: 'Tell us' }}
                value={other}
                onChange={setOther}
              />
            ),
          },
        },
      ]}
    />
  );
}

describe.each([true, false])('Radios conditional reveal (controlled: %s)', (controlled) => {
  it('shows the conditional content only while its option is chosen, keeping typed text', async () => {
    const user = userEvent.setup();
    const { container } = render(<Question controlled={controlled} />);
    const conditional = container.querySelector('#conditional-howHeard-2')!;
    const other = screen.getByLabelText('Other');
    expect(conditional).toHaveClass('govuk-radios__conditional--hidden');
    expect(other).toHaveAttribute('aria-controls', 'conditional-howHeard-2');
    // ARIA 1.2 allows no aria-expanded on a radio (govuk-frontend sets it; see renderers/choices.tsx).
    expect(other).not.toHaveAttribute('aria-expanded');

    await user.click(other);
    expect(conditional).not.toHaveClass('govuk-radios__conditional--hidden');
    await user.type(screen.getByLabelText('Tell us'), 'A friend');

    await user.click(screen.getByLabelText('Website'));
    expect(conditional).toHaveClass('govuk-radios__conditional--hidden');

    await user.click(other);
    expect(screen.getByLabelText('Tell us')).toHaveValue('A friend');
  });
});

describe('Radios', () => {
  it('reports the chosen value and follows the controlled value', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    const { rerender } = render(
      <Radios
        name="q"
        value="a"
        onChange={(v) => seen.push(v)}
        items={[
          { value: 'a', text: 'A' },
          { value: 'b', text: 'B' },
        ]}
      />,
    );
    expect(screen.getByLabelText('A')).toBeChecked();
    await user.click(screen.getByLabelText('B'));
    expect(seen).toEqual(['b']);
    // Controlled: nothing changes until the parent passes the new value.
    expect(screen.getByLabelText('A')).toBeChecked();
    rerender(
      <Radios
        name="q"
        value="b"
        onChange={() => {}}
        items={[
          { value: 'a', text: 'A' },
          { value: 'b', text: 'B' },
        ]}
      />,
    );
    expect(screen.getByLabelText('B')).toBeChecked();
  });

  it('uses the field name as the first id and numbers the rest, so error links reach the first option', () => {
    render(
      <Radios
        name="sector"
        items={[{ value: '1', text: 'One' }, { divider: 'or' }, { value: '3', text: 'Three' }]}
      />,
    );
    expect(screen.getByLabelText('One')).toHaveAttribute('id', 'sector');
    expect(screen.getByLabelText('Three')).toHaveAttribute('id', 'sector-3');
  });
});
