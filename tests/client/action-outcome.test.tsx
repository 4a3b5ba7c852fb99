import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OutcomeMessage } from '../../client/src/components/outcome-message';
import { serverDetailOr, useActionOutcome, type OutcomeTexts } from '../../client/src/lib/use-action-outcome';

/** "Run an action, then say how it went": lib/use-action-outcome.ts and components/outcome-message.tsx. */

function Probe<T>({ action, texts, successMs, withStatusRef = false }: { action: () => Promise<T>; texts: OutcomeTexts<T>; successMs?: number; withStatusRef?: boolean }) {
  const { outcome, show, run } = useActionOutcome({ successMs });
  const statusRef = useRef<HTMLParagraphElement>(null);
  return (
    <>
      <button type="button" onClick={() => void run(action, texts)}>
        Go
      </button>
      <button type="button" onClick={() => show(null)}>
        Clear
      </button>
      <OutcomeMessage outcome={outcome} statusRef={withStatusRef ? statusRef : undefined} />
    </>
  );
}

describe('useActionOutcome and OutcomeMessage', () => {
  it('says a success as a status line, made from the answer', async () => {
    const user = userEvent.setup();
    render(<Probe action={async () => 3} texts={{ success: (n) => `Sent to ${n} users`, failure: 'Failed to send' }} />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sent to 3 users');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a failure as an alert: the fixed text, or the server detail through serverDetailOr; and logs it', async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { unmount } = render(<Probe action={() => Promise.reject(new Error('boom'))} texts={{ success: 'Done', failure: 'Failed to save' }} />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Failed to save', expect.any(Error));
    unmount();
    render(<Probe action={() => Promise.reject(new Error('plain'))} texts={{ failure: serverDetailOr('Failed to revoke the code') }} />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    // No server detail in a plain error: the fallback.
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to revoke the code');
  });

  it('clears the last outcome when the next action starts, and on show(null)', async () => {
    const user = userEvent.setup();
    let finish: (value: string) => void = () => {};
    const action = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    render(<Probe action={action} texts={{ success: 'Saved', failure: 'Failed' }} />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await act(async () => finish('ok'));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await act(async () => finish('ok'));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('with successMs, a success clears itself; a failure stays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { unmount } = render(<Probe action={async () => 'ok'} texts={{ success: 'Saved', failure: 'Failed' }} successMs={3000} />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    await act(async () => vi.advanceTimersByTime(3000));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    unmount();
    render(<Probe action={() => Promise.reject(new Error('no'))} texts={{ failure: 'Failed' }} successMs={3000} />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed');
    vi.useRealTimers();
  });

  it('with a statusRef, the status line is always there, empty between outcomes, and can take the focus', async () => {
    const user = userEvent.setup();
    render(<Probe action={async () => 'ok'} texts={{ success: 'Signed out', failure: 'Failed' }} withStatusRef />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    expect(status).toHaveAttribute('tabindex', '-1');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(status).toHaveTextContent('Signed out');
  });

  it('shows a failure as the banner with Retry and Dismiss when asked', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const onDismiss = vi.fn();
    render(<OutcomeMessage outcome={{ ok: false, text: 'Failed to update bio' }} banner={{ onRetry, onDismiss, retrying: false }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to update bio');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it("shows a failure in the alert box look (the stack actions')", () => {
    render(<OutcomeMessage outcome={{ ok: false, text: 'Failed to hide stack' }} look="alert" />);
    expect(screen.getByRole('alert')).toHaveClass('alert', 'alert-error');
  });
});
