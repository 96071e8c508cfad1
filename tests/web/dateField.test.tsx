import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogDateField, maskDate } from '../../src/components/forms/DialogDateField';

/** The field as a form holds it: the value it answers, every answer kept. */
function renderField(initial = '', props: { min?: string; max?: string } = {}) {
  const answers: string[] = [];
  function Form() {
    const [value, setValue] = useState(initial);
    return (
      <>
        <DialogDateField
          label="Date"
          value={value}
          onChange={(next) => {
            answers.push(next);
            setValue(next);
          }}
          {...props}
        />
        <output aria-label="Held">{value}</output>
      </>
    );
  }
  render(<Form />);
  return { u: userEvent.setup({ delay: null }), input: screen.getByRole('textbox', { name: 'Date' }), held: () => screen.getByLabelText('Held').textContent, answers };
}

describe('The app date field', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes 01/12/2026 typed as 1 December 2026 and answers 2026-12-01', async () => {
    const { u, input, held } = renderField();
    await u.type(input, '01122026');
    expect(input).toHaveValue('01/12/2026');
    expect(held()).toBe('2026-12-01');
    expect(screen.getByText('DD/MM/YYYY')).toBeInTheDocument();
  });

  it('puts in the slashes and the 0 of a one-digit day or month as it is typed', async () => {
    const { u, input, held } = renderField();
    await u.type(input, '1/2/2027');
    expect(input).toHaveValue('01/02/2027');
    expect(held()).toBe('2027-02-01');
    expect(maskDate('2026-12-01')).toBe('01/12/2026');
    expect(maskDate('0112')).toBe('01/12');
    expect(maskDate('01/12/20261')).toBe('01/12/2026');
  });

  it('says an impossible date is not a date when left, and never answers it as one', async () => {
    const { u, input, held } = renderField();
    await u.type(input, '31/02/2026');
    await u.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Date invalid format.')).toBeInTheDocument();
    expect(held()).toBe('31/02/2026');
    await u.clear(input);
    await u.type(input, '28/02/2026');
    expect(screen.queryByText('Date invalid format.')).not.toBeInTheDocument();
    expect(held()).toBe('2026-02-28');
  });

  it('shows a date held as YYYY-MM-DD as DD/MM/YYYY', () => {
    const { input } = renderField('2026-12-01');
    expect(input).toHaveValue('01/12/2026');
  });

  it('chooses a day in its Monday-first calendar, opened on the date held', async () => {
    const { u, input, held } = renderField('2026-12-01');
    await u.click(screen.getByRole('button', { name: 'Open calendar' }));
    const calendar = screen.getByRole('grid', { name: 'December 2026' });
    expect(within(calendar).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
    expect(within(calendar).getByRole('gridcell', { name: 'Tuesday 1 December 2026' })).toHaveAttribute('aria-selected', 'true');
    await u.click(screen.getByRole('button', { name: 'Next month' }));
    await u.click(within(screen.getByRole('grid', { name: 'January 2027' })).getByRole('gridcell', { name: 'Friday 15 January 2027' }));
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(input).toHaveValue('15/01/2027');
    expect(held()).toBe('2027-01-15');
  });

  it('offers no day outside its first and last day', async () => {
    const { u } = renderField('2026-12-10', { min: '2026-12-05', max: '2026-12-20' });
    await u.click(screen.getByRole('button', { name: 'Open calendar' }));
    expect(screen.getByRole('gridcell', { name: 'Friday 4 December 2026' })).toBeDisabled();
    expect(screen.getByRole('gridcell', { name: 'Saturday 5 December 2026' })).toBeEnabled();
    expect(screen.getByRole('gridcell', { name: 'Monday 21 December 2026' })).toBeDisabled();
  });

  it('shows DD/MM/YYYY, not the browser order, under an American locale', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    const { u, input, held } = renderField('2026-12-01');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('01/12/2026');
    await u.clear(input);
    await u.type(input, '12/01/2026');
    expect(held()).toBe('2026-01-12');
  });
});
