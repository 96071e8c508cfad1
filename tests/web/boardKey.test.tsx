import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SHIFT_LABEL } from '../../domain/shifts';
import { BoardKey } from '../../src/pages/schedule/BoardKey';
import { BREACH_LABEL } from '../../src/pages/schedule/chip';
import { renderInAdmin } from './harness';

describe("the board's Key", () => {
  it('says in words what each chip colour, pattern and mark means, beside a sample chip', async () => {
    renderInAdmin(<BoardKey variant="admin" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Key' }));
    const key = await screen.findByRole('dialog', { name: 'Key to the shifts' });
    const lines = within(key).getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(lines.some((l) => l.includes('Published: drivers can see it (solid green)'))).toBe(true);
    expect(lines.some((l) => l.includes('Unpublished') && l.includes('striped amber'))).toBe(true);
    expect(lines.some((l) => l.includes(SHIFT_LABEL.openShift) && l.includes('No driver yet'))).toBe(true);
    expect(lines.some((l) => l.includes('Rejected by: Dan') && l.includes('turned it down'))).toBe(true);
    expect(lines.some((l) => l.includes(`Padlock: ${SHIFT_LABEL.timesheetExists}`))).toBe(true);
    expect(lines.some((l) => l.includes(`Warning sign: ${BREACH_LABEL}`))).toBe(true);
    // Today's attendance, each sample with its icon and words as the chips show them.
    expect(lines.some((l) => l.includes('▶ Started 17:02') && l.includes('the driver has started'))).toBe(true);
    expect(lines.some((l) => l.includes('◔ Late 12 min') && l.includes('Late After'))).toBe(true);
    expect(lines.some((l) => l.includes('✖ No-show') && l.includes('No-Show After'))).toBe(true);
    // The samples are drawn with the board's own chip classes; the padlock's sample carries the padlock.
    const padlock = within(key).getAllByRole('listitem').find((li) => li.textContent?.includes('Padlock'))!;
    expect(padlock.querySelector('.chip .chip-lock')).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("tells a restaurant account's drafts from shifts sent for moderation and published ones", async () => {
    renderInAdmin(<BoardKey variant="restaurant" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Key' }));
    const key = await screen.findByRole('dialog', { name: 'Key to the shifts' });
    expect(key).toHaveTextContent('Draft: only you see it until Publish shifts (dashed grey)');
    expect(key).toHaveTextContent('Sent for moderation');
    expect(key).toHaveTextContent('Published (solid green)');
    expect(key).toHaveTextContent('◔ Late 12 min');
  });
});
