import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OnboardingTour, type OnboardingTourProps } from '../../client/src/features/tour/onboarding-tour';
import { TOUR_STEPS } from '../../client/src/features/tour/tour-steps';
import { resetTour, shouldStartTour } from '../../client/src/features/tour/tour-storage';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: reduce && query === REDUCED_MOTION, media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
}

function store(values: { version?: string; progress?: string; completed?: string }) {
  if (values.version !== undefined) localStorage.setItem('onboarding_version', values.version);
  if (values.progress !== undefined) localStorage.setItem('onboarding_progress', values.progress);
  if (values.completed !== undefined) localStorage.setItem('onboarding_completed', values.completed);
}

function renderTour(props: Partial<OnboardingTourProps> = {}) {
  const onNavigate = vi.fn<OnboardingTourProps['onNavigate']>();
  const ui = (next: Partial<OnboardingTourProps>) => <OnboardingTour userLoaded onNavigate={onNavigate} {...next} />;
  const user = userEvent.setup();
  const view = render(ui(props));
  return { user, onNavigate, ...view, rerender: (next: Partial<OnboardingTourProps>) => view.rerender(ui(next)) };
}

const dialog = () => screen.queryByRole('dialog');
const stepText = () => screen.getByText(/^Step \d of 6$/).textContent;
const button = (name: string) => screen.queryByRole('button', { name });

afterEach(() => {
  vi.useRealTimers();
});

describe('tour storage (spec 1 §4)', () => {
  it('stores the tour version and starts at the first step when storage is empty', () => {
    expect(shouldStartTour(false)).toEqual({ start: true, step: 0 });
    expect(localStorage.getItem('onboarding_version')).toBe('1.1.0');
  });

  it('resetTour clears completion and progress so the tour starts from the first step', () => {
    store({ version: '1.1.0', progress: '4', completed: 'true' });
    resetTour();
    expect(localStorage.getItem('onboarding_completed')).toBeNull();
    expect(localStorage.getItem('onboarding_progress')).toBeNull();
    expect(shouldStartTour(false)).toEqual({ start: true, step: 0 });
  });
});

describe('OnboardingTour: starting', () => {
  it('starts once the user has loaded, with nothing stored, as a modal dialog above everything', () => {
    const { onNavigate } = renderTour();
    const tour = screen.getByRole('dialog', { name: 'Welcome to Stacks!' });
    expect(tour).toHaveAttribute('aria-modal', 'true');
    expect(tour).toHaveStyle({ zIndex: '20000' });
    expect(stepText()).toBe('Step 1 of 6');
    expect(localStorage.getItem('onboarding_version')).toBe('1.1.0');
    expect(localStorage.getItem('onboarding_progress')).toBe('0');
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('does not start before the user has loaded', () => {
    const { rerender } = renderTour({ userLoaded: false });
    expect(dialog()).not.toBeInTheDocument();
    expect(localStorage.getItem('onboarding_version')).toBeNull();
    rerender({ userLoaded: true });
    expect(screen.getByRole('dialog', { name: 'Welcome to Stacks!' })).toBeInTheDocument();
  });

  it('does not start when the tour was completed', () => {
    store({ version: '1.1.0', completed: 'true', progress: '2' });
    renderTour();
    expect(dialog()).not.toBeInTheDocument();
  });

  it('does not start when the user prefers reduced motion', () => {
    stubReducedMotion(true);
    renderTour();
    expect(dialog()).not.toBeInTheDocument();
    expect(window.matchMedia).toHaveBeenCalledWith(REDUCED_MOTION);
  });

  it('starts when matchMedia exists and reduced motion is not preferred', () => {
    stubReducedMotion(false);
    renderTour();
    expect(dialog()).toBeInTheDocument();
  });

  it('a stored different version resets progress and completion and starts at the first step', () => {
    store({ version: '1.0.0', progress: '3', completed: 'true' });
    renderTour();
    expect(screen.getByRole('dialog', { name: 'Welcome to Stacks!' })).toBeInTheDocument();
    expect(localStorage.getItem('onboarding_version')).toBe('1.1.0');
    expect(localStorage.getItem('onboarding_completed')).toBeNull();
    expect(localStorage.getItem('onboarding_progress')).toBe('0');
  });

  it('resumes from a stored valid step and opens its view', () => {
    store({ version: '1.1.0', progress: '2' });
    const { onNavigate } = renderTour();
    expect(screen.getByRole('dialog', { name: 'Join groups' })).toBeInTheDocument();
    expect(stepText()).toBe('Step 3 of 6');
    expect(onNavigate).toHaveBeenLastCalledWith('groups');
  });

  it('resumes from the last step', () => {
    store({ version: '1.1.0', progress: '5' });
    renderTour();
    expect(stepText()).toBe('Step 6 of 6');
  });

  it.each(['6', '-1', 'abc', '', '1.5', ' 2'])('starts at the first step when the stored step is %j', (progress) => {
    store({ version: '1.1.0', progress });
    renderTour();
    expect(screen.getByRole('dialog', { name: 'Welcome to Stacks!' })).toBeInTheDocument();
    expect(stepText()).toBe('Step 1 of 6');
    expect(localStorage.getItem('onboarding_progress')).toBe('0');
  });
});

describe('OnboardingTour: the card', () => {
  it('has six steps in the spec order, each with a title and a body', () => {
    expect(TOUR_STEPS.map((step) => [step.id, step.target, step.view])).toEqual([
      ['welcome', null, null],
      ['friends', 'tab-users', 'users'],
      ['groups', 'tab-groups', 'groups'],
      ['stacks', 'tab-stacks', 'stacks'],
      ['notifications', 'envelope', null],
      ['settings', 'settings', 'settings'],
    ]);
    expect(TOUR_STEPS[4].body).toMatch(/red dot/i);
    expect(TOUR_STEPS[5].body).toMatch(/bio.*avatar.*Telegram or Signal/);
  });

  it('shows Next and Skip on the first step, without Back or Done', () => {
    renderTour();
    expect(button('Next →')).toBeInTheDocument();
    expect(button('Skip')).toBeInTheDocument();
    expect(button('← Back')).not.toBeInTheDocument();
    expect(button('Done')).not.toBeInTheDocument();
  });

  it('shows Back, Next and Skip on a middle step', () => {
    store({ version: '1.1.0', progress: '3' });
    renderTour();
    expect(button('← Back')).toBeInTheDocument();
    expect(button('Next →')).toBeInTheDocument();
    expect(button('Skip')).toBeInTheDocument();
    expect(button('Done')).not.toBeInTheDocument();
  });

  it('shows Back, Done and Skip on the last step, without Next', () => {
    store({ version: '1.1.0', progress: '5' });
    renderTour();
    expect(button('← Back')).toBeInTheDocument();
    expect(button('Done')).toBeInTheDocument();
    expect(button('Skip')).toBeInTheDocument();
    expect(button('Next →')).not.toBeInTheDocument();
  });

  it('shows the progress as text and as a progress bar', async () => {
    const { user } = renderTour();
    const bar = screen.getByRole('progressbar', { name: 'Tour progress' });
    expect(bar).toHaveAttribute('value', '1');
    expect(bar).toHaveAttribute('max', '6');
    await user.click(screen.getByRole('button', { name: 'Next →' }));
    expect(stepText()).toBe('Step 2 of 6');
    expect(bar).toHaveAttribute('value', '2');
  });
});

describe('OnboardingTour: moving', () => {
  it('Next opens Users, Groups, Stacks, then settings at once and the next step only after 200 ms', () => {
    vi.useFakeTimers();
    const { onNavigate } = renderTour();
    const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next →' }));

    next();
    expect(screen.getByRole('dialog', { name: 'Add friends' })).toBeInTheDocument();
    expect(onNavigate).toHaveBeenLastCalledWith('users');
    expect(localStorage.getItem('onboarding_progress')).toBe('1');
    next();
    expect(onNavigate).toHaveBeenLastCalledWith('groups');
    next();
    expect(onNavigate).toHaveBeenLastCalledWith('stacks');
    next();
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
    expect(localStorage.getItem('onboarding_progress')).toBe('4');
    expect(onNavigate.mock.calls.flat()).toEqual(['users', 'groups', 'stacks']);

    next();
    expect(onNavigate.mock.calls.flat()).toEqual(['users', 'groups', 'stacks', 'settings']);
    expect(stepText()).toBe('Step 5 of 6');
    expect(screen.getByRole('button', { name: 'Next →' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(199));
    expect(stepText()).toBe('Step 5 of 6');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('dialog', { name: 'Make it yours' })).toBeInTheDocument();
    expect(stepText()).toBe('Step 6 of 6');
    expect(localStorage.getItem('onboarding_progress')).toBe('5');
    expect(onNavigate.mock.calls.flat()).toEqual(['users', 'groups', 'stacks', 'settings']);
  });

  it('Back goes to the previous step, opens its view and saves it', async () => {
    store({ version: '1.1.0', progress: '3' });
    const { user, onNavigate } = renderTour();
    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(screen.getByRole('dialog', { name: 'Join groups' })).toBeInTheDocument();
    expect(onNavigate).toHaveBeenLastCalledWith('groups');
    expect(localStorage.getItem('onboarding_progress')).toBe('2');
    await user.click(screen.getByRole('button', { name: '← Back' }));
    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(screen.getByRole('dialog', { name: 'Welcome to Stacks!' })).toBeInTheDocument();
    expect(localStorage.getItem('onboarding_progress')).toBe('0');
  });

  it('Back during the 200 ms wait cancels the pending advance', () => {
    vi.useFakeTimers();
    store({ version: '1.1.0', progress: '4' });
    renderTour();
    fireEvent.click(screen.getByRole('button', { name: 'Next →' }));
    fireEvent.click(screen.getByRole('button', { name: '← Back' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('dialog', { name: 'Your stacks' })).toBeInTheDocument();
    expect(localStorage.getItem('onboarding_progress')).toBe('3');
  });
});

describe('OnboardingTour: staying open', () => {
  it('Escape neither closes it nor reaches other listeners', async () => {
    const otherListener = vi.fn();
    document.addEventListener('keydown', otherListener);
    const { user } = renderTour();
    await user.keyboard('{Escape}');
    fireEvent.keyDown(screen.getByRole('button', { name: 'Next →' }), { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Welcome to Stacks!' })).toBeInTheDocument();
    expect(otherListener).not.toHaveBeenCalled();
    document.removeEventListener('keydown', otherListener);
  });

  it('clicking the dark overlay does not close it', async () => {
    const { user } = renderTour();
    for (const backdrop of screen.getAllByTestId('tour-backdrop')) await user.click(backdrop);
    await user.click(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog', { name: 'Welcome to Stacks!' })).toBeInTheDocument();
    expect(localStorage.getItem('onboarding_completed')).toBeNull();
  });

  it('disables page scrolling while open and restores it when closed', async () => {
    document.body.style.overflow = 'auto';
    const { user } = renderTour();
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(document.body.style.overflow).toBe('auto');
    document.body.style.overflow = '';
  });

  it('spotlights the target, leaves it clickable, and follows it on resize', async () => {
    const onTabClick = vi.fn();
    render(
      <button type="button" data-tour="tab-users" onClick={onTabClick}>
        Users
      </button>,
    );
    const tab = screen.getByRole('button', { name: 'Users' });
    let rect = { top: 50, left: 100, width: 80, height: 40 };
    vi.spyOn(tab, 'getBoundingClientRect').mockImplementation(() => DOMRect.fromRect({ x: rect.left, y: rect.top, width: rect.width, height: rect.height }));
    store({ version: '1.1.0', progress: '1' });
    const { user } = renderTour();

    const spotlight = screen.getByTestId('tour-spotlight');
    expect(spotlight).toHaveStyle({ top: '42px', left: '92px', width: '96px', height: '56px' });
    // Four panels around the hole, none of them over it.
    const panels = screen.getAllByTestId('tour-backdrop');
    expect(panels).toHaveLength(4);
    expect(panels[0]).toHaveStyle({ top: '0px', height: '42px' });
    expect(panels[1]).toHaveStyle({ top: '98px' });
    expect(panels[2]).toHaveStyle({ top: '42px', width: '92px', height: '56px' });
    expect(panels[3]).toHaveStyle({ top: '42px', left: '188px', height: '56px' });

    await user.click(tab);
    expect(onTabClick).toHaveBeenCalledOnce();
    expect(screen.getByRole('dialog', { name: 'Add friends' })).toBeInTheDocument();

    rect = { top: 10, left: 20, width: 80, height: 40 };
    fireEvent(window, new Event('resize'));
    expect(screen.getByTestId('tour-spotlight')).toHaveStyle({ top: '2px', left: '12px' });
  });

  it('shows a full backdrop and no spotlight when the target is missing', () => {
    store({ version: '1.1.0', progress: '2' });
    renderTour();
    expect(screen.queryByTestId('tour-spotlight')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('tour-backdrop')).toHaveLength(1);
  });
});

describe('OnboardingTour: a modal dialog that holds focus', () => {
  it('is a native <dialog> opened with showModal, and its card takes focus when it shows', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(
      <button type="button" autoFocus>
        Behind
      </button>,
    );
    renderTour();
    const tour = screen.getByRole('dialog', { name: 'Welcome to Stacks!' });
    expect(tour.tagName).toBe('DIALOG');
    expect(showModal.mock.contexts).toContain(tour);
    expect(document.activeElement).not.toBe(tour);
    expect(tour).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).toHaveTextContent('Welcome to Stacks!');
  });

  it('keeps Tab on the card for 25 presses either way, through step changes', async () => {
    render(<button type="button">Behind</button>);
    store({ version: '1.1.0', progress: '1' });
    const { user } = renderTour();
    const tour = screen.getByRole('dialog', { name: 'Add friends' });
    for (let press = 0; press < 25; press++) {
      await user.tab({ shift: press % 2 === 1 });
      expect(tour).toContainElement(document.activeElement as HTMLElement);
    }
    // Back on step 2 leads to step 1, where Back is gone: focus stays on the card.
    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(tour).toContainElement(document.activeElement as HTMLElement);
    for (let press = 0; press < 25; press++) {
      await user.tab();
      expect(tour).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('passes a click inside the spotlight on to the element beneath (the page behind is inert)', async () => {
    const onEnvelope = vi.fn();
    render(
      <button type="button" data-tour="envelope" onClick={onEnvelope}>
        Notifications
      </button>,
    );
    vi.spyOn(screen.getByRole('button', { name: 'Notifications' }), 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 10, y: 10, width: 40, height: 40 }));
    store({ version: '1.1.0', progress: '4' });
    const { user } = renderTour();
    await user.click(screen.getByTestId('tour-spotlight'));
    expect(onEnvelope).toHaveBeenCalledOnce();
  });

  it('raises itself above a dialog opened while it runs (it lies above every other layer)', async () => {
    const { unmount } = render(<dialog aria-label="Notifications panel">Panel</dialog>);
    renderTour();
    const tour = screen.getByRole('dialog', { name: 'Welcome to Stacks!' });
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const panel = document.querySelector<HTMLDialogElement>('dialog[aria-label="Notifications panel"]')!;
    panel.showModal();
    await vi.waitFor(() => expect(showModal.mock.contexts.at(-1)).toBe(tour));
    expect(tour).toHaveAttribute('open');
    expect(tour).toContainElement(document.activeElement as HTMLElement);
    unmount();
  });

  it('stays beneath the temporary-issue overlay, whichever opened first', async () => {
    render(<dialog data-over-tour="" aria-label="Temporary issue" />);
    const overlay = document.querySelector<HTMLDialogElement>('dialog[data-over-tour]')!;
    overlay.showModal();
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    renderTour();
    const tour = screen.getByRole('dialog', { name: 'Welcome to Stacks!' });
    expect(showModal.mock.contexts).toEqual([tour, overlay]);

    overlay.close();
    showModal.mockClear();
    overlay.showModal();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(showModal.mock.contexts).toEqual([overlay]);
  });

  it('tells whether it runs: true while shown, false once skipped, false when it does not start', async () => {
    const onActiveChange = vi.fn();
    const { user, unmount } = renderTour({ onActiveChange });
    expect(onActiveChange.mock.calls).toEqual([[true]]);
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(onActiveChange.mock.calls).toEqual([[true], [false]]);
    unmount();

    const again = vi.fn();
    renderTour({ onActiveChange: again });
    expect(again.mock.calls).toEqual([[false]]);
  });
});

describe('OnboardingTour: ending and restarting', () => {
  it('Skip records completion and closes; it does not start again', async () => {
    store({ version: '1.1.0', progress: '2' });
    const { user, unmount } = renderTour();
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(dialog()).not.toBeInTheDocument();
    expect(localStorage.getItem('onboarding_completed')).toBe('true');
    unmount();
    renderTour();
    expect(dialog()).not.toBeInTheDocument();
  });

  it('Done on the last step records completion and closes', async () => {
    store({ version: '1.1.0', progress: '5' });
    const { user } = renderTour();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(dialog()).not.toBeInTheDocument();
    expect(localStorage.getItem('onboarding_completed')).toBe('true');
    expect(document.body.style.overflow).toBe('');
  });

  it('forceStart restarts a completed tour at the first step, each time it changes', async () => {
    store({ version: '1.1.0', completed: 'true' });
    const { user, rerender } = renderTour({ forceStart: 0 });
    expect(dialog()).not.toBeInTheDocument();

    rerender({ forceStart: 1 });
    expect(screen.getByRole('dialog', { name: 'Welcome to Stacks!' })).toBeInTheDocument();
    expect(localStorage.getItem('onboarding_completed')).toBeNull();
    expect(localStorage.getItem('onboarding_progress')).toBe('0');

    await user.click(screen.getByRole('button', { name: 'Next →' }));
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(dialog()).not.toBeInTheDocument();

    rerender({ forceStart: 2 });
    expect(screen.getByRole('dialog', { name: 'Welcome to Stacks!' })).toBeInTheDocument();
    expect(stepText()).toBe('Step 1 of 6');
  });

  it('forceStart restarts even when the user prefers reduced motion, and restarts an open tour at the first step', async () => {
    stubReducedMotion(true);
    const { user, rerender } = renderTour({ forceStart: 0 });
    expect(dialog()).not.toBeInTheDocument();
    rerender({ forceStart: 1 });
    await user.click(screen.getByRole('button', { name: 'Next →' }));
    expect(stepText()).toBe('Step 2 of 6');
    rerender({ forceStart: 2 });
    expect(stepText()).toBe('Step 1 of 6');
  });
});
