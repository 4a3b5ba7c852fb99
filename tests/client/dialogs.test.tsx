import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../client/src/components/confirm-dialog';
import { Modal } from '../../client/src/components/modal';
import { tabbableElements } from '../../client/src/components/modal-dialog';

/** A page with buttons before and after a dialog opened by 'Open'. */
function Page({ confirm = false }: { confirm?: boolean }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {confirm ? (
        <ConfirmDialog open={open} title="Are you sure?" confirmLabel="Yes" onCancel={close} onConfirm={close}>
          <p>Really?</p>
        </ConfirmDialog>
      ) : (
        <Modal open={open} title="New Friend Stack" onClose={close} actions={<button type="button">Create</button>}>
          <label>
            Name <input />
          </label>
          <fieldset>
            <label>
              <input type="radio" name="friend" /> bob
            </label>
            <label>
              <input type="radio" name="friend" /> carol
            </label>
          </fieldset>
          <button type="button" disabled>
            Disabled
          </button>
          <div hidden>
            <button type="button">Hidden</button>
          </div>
        </Modal>
      )}
      <button type="button">After</button>
    </>
  );
}

describe.each([
  ['Modal', false, 'New Friend Stack'],
  ['ConfirmDialog', true, 'Are you sure?'],
])('%s on the native <dialog>', (_name, confirm, title) => {
  it('opens modally, keeps Tab and Shift+Tab inside for 25 presses, and gives focus back on Escape', async () => {
    const user = userEvent.setup();
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(<Page confirm={confirm} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: title });
    expect(dialog.tagName).toBe('DIALOG');
    expect(showModal).toHaveBeenCalledOnce();

    for (let press = 0; press < 25; press++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    for (let press = 0; press < 25; press++) {
      await user.tab({ shift: true });
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }

    // Escape: the browser fires 'cancel' on the dialog.
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on a backdrop click and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    const { container } = render(<Page confirm={confirm} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(container.ownerDocument.querySelector('.modal-backdrop')!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });
});

describe('tab stops inside a dialog', () => {
  it('skip disabled and hidden controls, and count a radio group once', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'New Friend Stack' });
    const names = tabbableElements(dialog).map((element) => element.getAttribute('aria-label') || element.textContent || element.tagName);
    expect(names).toEqual(['Close', 'INPUT', 'INPUT', 'Create']);
    await user.click(within(dialog).getByRole('radio', { name: 'carol' }));
    expect(tabbableElements(dialog)[2]).toBe(within(dialog).getByRole('radio', { name: 'carol' }));
  });

  it('the Modal box takes focus when it opens, so its title and content are read first', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'New Friend Stack' }).querySelector('.modal-box')).toHaveFocus();
  });
});
