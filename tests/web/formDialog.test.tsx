import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormDialog, FormSaveButton, FormTabPanel, FormTabs, DialogTextInput } from '../../src/components/forms';
import { renderInAdmin } from './harness';


const schema = z.object({ name: z.string().min(1, 'Name is required.'), email: z.string().min(1, 'E-mail is required') });
const TABS = [{ label: 'Main', fields: ['name'] }, { label: 'Other', fields: ['email'] }];

function renderForm(onSave: (values: { name: string; email: string }) => Promise<unknown>) {
  renderInAdmin(
    <FormDialog
      title="Add Thing"
      titleId="thing-title"
      width={400}
      schema={schema}
      defaultValues={{ name: '', email: 'a@b.test' }}
      onSave={onSave}
      onClose={vi.fn()}
      failureFallback="Saving failed"
      tabs={<FormTabs tabs={TABS} value={0} onChange={vi.fn()} />}
      actions={<FormSaveButton label="Save" />}
    >
      <FormTabPanel label="Main" shown>
        <DialogTextInput source="name" label="Name" />
      </FormTabPanel>
      <FormTabPanel label="Other" shown>
        <DialogTextInput source="email" label="E-mail" />
      </FormTabPanel>
    </FormDialog>,
  );
  return userEvent.setup({ delay: null });
}

describe('A form dialog', () => {
  it('shows a message once the field is left, keeps Save disabled until valid, and sends the values', async () => {
    const onSave = vi.fn(async () => {});
    const u = renderForm(onSave);
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(screen.queryByText('Name is required.')).not.toBeInTheDocument();
    await u.click(screen.getByLabelText('Name'));
    await u.tab();
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    await u.type(screen.getByLabelText('Name'), 'Tom');
    await waitFor(() => expect(screen.queryByText('Name is required.')).not.toBeInTheDocument());
    await waitFor(() => expect(save).toBeEnabled());
    await u.click(save);
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Tom', email: 'a@b.test' }));
  });

  it('keeps the Save button named Save while it sends, its spinner hidden from screen readers (no unnamed progress bar)', async () => {
    let finish: () => void = () => {};
    const onSave = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const u = renderForm(onSave);
    await u.type(screen.getByLabelText('Name'), 'Tom');
    await u.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.querySelector('[role="progressbar"]')).not.toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    finish();
  });

  it("puts the server's messages under their fields, flags their tab and says the failure", async () => {
    const onSave = vi.fn(async () => {
      throw Object.assign(new Error('The e-mail has already been taken.'), { body: { email: ['The e-mail has already been taken.', 'Try another.'] } });
    });
    const u = renderForm(onSave);
    await u.type(screen.getByLabelText('Name'), 'Tom');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail has already been taken.');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('The e-mail has already been taken. Try another.');
    expect(screen.getByRole('tab', { name: 'Other' }).querySelector('.MuiBadge-dot')).not.toBeNull();
  });
});
