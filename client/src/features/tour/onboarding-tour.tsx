import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { TIMINGS } from '../../../../shared/limits';
import { restoreFocus, tabbableElements, trapTabKey } from '../../components/modal-dialog';
import { ENVELOPE_STEP_INDEX, TOUR_STEPS, type TourTarget, type TourView } from './tour-steps';
import { markCompleted, resetTour, saveProgress, shouldStartTour } from './tour-storage';

/** Spec 1 §9: the tour lies above every other layer, dialogs and the sticky header included. */
const TOUR_Z_INDEX = 20000;
/** Room between the spotlighted element and the edge of its highlight, in px. */
const SPOTLIGHT_PADDING = 8;
const CARD_WIDTH = 320;
const CARD_GAP = 16;

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

interface Layout {
  target: TourTarget;
  /** Undefined when the element is missing or not displayed: the card is then centred. */
  hole?: Box;
  viewport: { width: number; height: number };
}

export interface OnboardingTourProps {
  /** The tour may start automatically only once the current user has loaded. */
  userLoaded: boolean;
  /** Switches the dashboard to the view a step explains. */
  onNavigate(view: TourView): void;
  /** A counter bumped by 'Show tour again': each new non-zero value restarts the tour at the first step. */
  forceStart?: number;
  /**
   * Told whether the tour is showing, once it has decided and at each change: the dashboard holds
   * back the notifications panel's automatic opening while it runs (one after the other).
   */
  onActiveChange?(active: boolean): void;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)')?.matches ?? false;
}

function targetElement(target: TourTarget): Element | null {
  return document.querySelector(`[data-tour="${target}"]`);
}

function measure(target: TourTarget): Layout {
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  const rect = targetElement(target)?.getBoundingClientRect();
  if (!rect || (rect.width === 0 && rect.height === 0)) return { target, viewport };
  const hole = {
    top: rect.top - SPOTLIGHT_PADDING,
    left: rect.left - SPOTLIGHT_PADDING,
    width: rect.width + 2 * SPOTLIGHT_PADDING,
    height: rect.height + 2 * SPOTLIGHT_PADDING,
  };
  return { target, hole, viewport };
}

/** Beside the hole, on the side with more room, kept inside the viewport. */
function cardPosition(hole: Box, viewport: Layout['viewport']): CSSProperties {
  const width = Math.min(CARD_WIDTH, viewport.width - 2 * CARD_GAP);
  const centredLeft = hole.left + hole.width / 2 - width / 2;
  const left = Math.max(CARD_GAP, Math.min(centredLeft, viewport.width - width - CARD_GAP));
  const below = hole.top + hole.height;
  const vertical = viewport.height - below >= hole.top ? { top: below + CARD_GAP } : { bottom: viewport.height - hole.top + CARD_GAP };
  return { ...vertical, left, width };
}

/**
 * Spec 1 §2 and §4 "Tour": a six-step guided tour over the dashboard, a modal <dialog> in the top
 * layer (the page behind is inert, Tab stays on the card, which takes focus when it shows). The dark
 * backdrop is four panels around the spotlight; a click inside the spotlight is passed on to the
 * element beneath, while clicks on the backdrop do nothing. Escape and backdrop clicks never close
 * it; only Done and Skip do, and both record it as completed.
 */
export function OnboardingTour({ userLoaded, onNavigate, forceStart = 0, onActiveChange }: OnboardingTourProps) {
  const [initialForceStart] = useState(forceStart);
  const forced = forceStart !== 0 && forceStart !== initialForceStart;
  if (!userLoaded && !forced) return null;
  // A new key is a new session: each 'Show tour again' starts over with fresh state.
  return <TourSession key={forceStart} forced={forced} onNavigate={onNavigate} onActiveChange={onActiveChange} />;
}

/** Where a session opens: the first step when forced, else what the stored progress says (or closed). */
function openingStep(forced: boolean): number | null {
  if (forced) {
    resetTour();
    return 0;
  }
  const decision = shouldStartTour(prefersReducedMotion());
  return decision.start ? decision.step : null;
}

interface TourSessionProps {
  forced: boolean;
  onNavigate: OnboardingTourProps['onNavigate'];
  onActiveChange?: OnboardingTourProps['onActiveChange'];
}

function TourSession({ forced, onNavigate, onActiveChange }: TourSessionProps) {
  // Both paths only bring storage to the same state, so running twice (StrictMode) is harmless.
  const [step, setStep] = useState<number | null>(() => openingStep(forced));
  const [advancing, setAdvancing] = useState(false);
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const open = step !== null;
  const target = step === null ? null : TOUR_STEPS[step].target;
  const layout = useSpotlightLayout(target);

  const enterOpeningStep = useEffectEvent(() => {
    if (step === null) return;
    saveProgress(step);
    const view = TOUR_STEPS[step].view;
    if (view) onNavigate(view);
  });

  useEffect(() => {
    enterOpeningStep();
    return () => clearTimeout(advanceTimer.current);
  }, []);

  const reportActive = useEffectEvent((active: boolean) => onActiveChange?.(active));
  useLayoutEffect(() => {
    reportActive(open);
  }, [open]);

  useAboveEveryLayer(dialogRef, cardRef, open);

  // A step change can remove the focused button (Back on the first step, Next on the last): the card takes it.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (step !== null && dialog && !dialog.contains(document.activeElement)) cardRef.current?.focus();
  }, [step]);


  function cancelAdvance() {
    clearTimeout(advanceTimer.current);
    advanceTimer.current = undefined;
    setAdvancing(false);
  }

  /** Moving to a step: show it, remember it, and open its view. */
  function show(index: number, navigate = true) {
    setStep(index);
    saveProgress(index);
    const view = TOUR_STEPS[index].view;
    if (navigate && view) onNavigate(view);
  }

  if (step === null) return null;

  const current = TOUR_STEPS[step];
  const isLast = step === TOUR_STEPS.length - 1;
  const hole = current.target && layout?.target === current.target ? layout.hole : undefined;

  const next = () => {
    if (advancing) return;
    if (step === ENVELOPE_STEP_INDEX) {
      // Spec 1 §4: switch to settings first, so the next step's target is in place when it shows.
      onNavigate('settings');
      setAdvancing(true);
      advanceTimer.current = setTimeout(() => {
        advanceTimer.current = undefined;
        setAdvancing(false);
        show(step + 1, false);
      }, TIMINGS.tourAdvanceDelayMs);
      return;
    }
    show(step + 1);
  };

  const back = () => {
    if (step === 0) return;
    cancelAdvance();
    show(step - 1);
  };

  const finish = () => {
    cancelAdvance();
    markCompleted();
    setStep(null);
  };

  /** The page behind is inert while the tour is modal: a click inside the spotlight is handed to its element. */
  const clickTarget = () => {
    const element = current.target ? targetElement(current.target) : null;
    if (element instanceof HTMLElement) element.click();
  };

  return createPortal(
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      className="pointer-events-none fixed inset-0 m-0 h-full max-h-none w-full max-w-none overflow-visible border-0 bg-transparent p-0 text-base-content outline-none backdrop:bg-transparent"
      style={{ zIndex: TOUR_Z_INDEX }}
      onKeyDown={(event) => trapTabKey(event, cardRef.current)}
    >
      <TourBackdrop hole={hole} onSpotlightClick={clickTarget} />
      <div
        ref={cardRef}
        tabIndex={-1}
        className={`card pointer-events-auto fixed bg-base-100 shadow-xl outline-none ${hole ? '' : 'left-1/2 top-1/2 w-80 max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2'}`}
        style={hole && layout ? cardPosition(hole, layout.viewport) : undefined}
      >
        <div className="card-body gap-3 p-5">
          {/* Read out when the step changes while focus stays on Next or Back. */}
          <div aria-live="polite" className="flex flex-col gap-3">
            <p className="text-xs font-semibold uppercase tracking-wide opacity-60">{`Step ${step + 1} of ${TOUR_STEPS.length}`}</p>
            <progress className="progress progress-primary w-full" value={step + 1} max={TOUR_STEPS.length} aria-label="Tour progress" />
            <h2 id={titleId} className="card-title">
              {current.title}
            </h2>
            <p>{current.body}</p>
          </div>
          <div className="card-actions mt-2 items-center justify-between">
            <button type="button" className="btn btn-ghost btn-sm" onClick={finish}>
              Skip
            </button>
            <div className="flex gap-2">
              {step > 0 && (
                <button type="button" className="btn btn-sm" onClick={back}>
                  ← Back
                </button>
              )}
              {isLast ? (
                <button type="button" className="btn btn-primary btn-sm" onClick={finish}>
                  Done
                </button>
              ) : (
                <button type="button" className="btn btn-primary btn-sm" onClick={next} disabled={advancing}>
                  Next →
                </button>
              )}
            </div>
          </div>
        </div>
      </div>
    </dialog>,
    document.body,
  );
}

/**
 * Keeps the open tour modal and on top (spec 1 §9: above every other layer): shown with
 * showModal(), raised again above any dialog that opens while it runs (except the temporary-issue
 * overlay, `data-over-tour`), deaf to Escape, with the page's scrolling locked; on closing, focus
 * goes back where it was.
 */
function useAboveEveryLayer(dialogRef: RefObject<HTMLDialogElement | null>, cardRef: RefObject<HTMLDivElement | null>, open: boolean) {
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const previousOverflow = document.body.style.overflow;
    const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    document.body.style.overflow = 'hidden';
    const raise = () => {
      // Reopening puts the tour last in the top layer, above a dialog opened after it; only the
      // temporary-issue overlay (`data-over-tour`) stays above it, so it is raised again after.
      if (dialog.open) dialog.close();
      dialog.showModal();
      cardRef.current?.focus();
      for (const over of document.querySelectorAll<HTMLDialogElement>('dialog[open][data-over-tour]')) {
        over.close();
        over.showModal();
        (tabbableElements(over)[0] ?? over).focus();
      }
    };
    raise();
    // Captured on window so no other dialog beneath ever sees the Escape (and the browser does not
    // turn it into a close request).
    const swallowEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
    };
    const stayOpen = (event: Event) => event.preventDefault();
    const reopen = () => {
      if (dialog.isConnected && !dialog.open) raise();
    };
    // Spec 1 §9: the tour lies above every other layer, so a dialog that opens while it runs (the
    // envelope clicked inside the spotlight opens the notifications) goes beneath it.
    const observer = new MutationObserver((records) => {
      const opened = records.map((record) => record.target as Element).filter((target) => target !== dialog && target.hasAttribute('open'));
      if (opened.some((target) => !target.hasAttribute('data-over-tour'))) raise();
    });
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
    window.addEventListener('keydown', swallowEscape, true);
    dialog.addEventListener('cancel', stayOpen);
    dialog.addEventListener('close', reopen);
    return () => {
      observer.disconnect();
      document.body.style.overflow = previousOverflow;
      window.removeEventListener('keydown', swallowEscape, true);
      dialog.removeEventListener('cancel', stayOpen);
      dialog.removeEventListener('close', reopen);
      if (dialog.open) dialog.close();
      restoreFocus(previousFocus, dialog);
    };
  }, [open, dialogRef, cardRef]);
}

/** Where the step's target is (measured again on resize and scroll), after scrolling it into view once. */
function useSpotlightLayout(target: TourTarget | null | undefined): Layout | null {
  const [layout, setLayout] = useState<Layout | null>(null);
  useLayoutEffect(() => {
    if (!target) return;
    // Scrolling is locked for the user, not for us: bring the element into view once.
    targetElement(target)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    const update = () => setLayout(measure(target));
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [target]);
  return layout;
}

const BACKDROP = 'pointer-events-auto fixed bg-black/60';

/** The dimmed page around the spotlight (four panes), or all of it for a step without a target. */
function TourBackdrop({ hole, onSpotlightClick }: { hole: Layout['hole'] | undefined; onSpotlightClick(): void }) {
  return hole ? (
    <>
      <div data-testid="tour-backdrop" className={BACKDROP} style={{ top: 0, left: 0, right: 0, height: Math.max(0, hole.top) }} />
      <div data-testid="tour-backdrop" className={BACKDROP} style={{ top: hole.top + hole.height, left: 0, right: 0, bottom: 0 }} />
      <div data-testid="tour-backdrop" className={BACKDROP} style={{ top: hole.top, left: 0, width: Math.max(0, hole.left), height: hole.height }} />
      <div data-testid="tour-backdrop" className={BACKDROP} style={{ top: hole.top, left: hole.left + hole.width, right: 0, height: hole.height }} />
      <div
        data-testid="tour-spotlight"
        aria-hidden="true"
        className="pointer-events-auto fixed cursor-pointer rounded-box ring-4 ring-primary transition-all motion-reduce:transition-none"
        style={hole}
        onClick={onSpotlightClick}
      />
    </>
  ) : (
    <div data-testid="tour-backdrop" className={`${BACKDROP} inset-0`} />
  );
}
