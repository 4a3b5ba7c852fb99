import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { TIMINGS } from '../../../../shared/limits';
import { trapTabKey } from '../../components/modal-dialog';
import { cardPosition, prefersReducedMotion, targetElement, TOUR_Z_INDEX, TourBackdrop, useAboveEveryLayer, useSpotlightLayout } from './spotlight';
import { ENVELOPE_STEP_INDEX, TOUR_STEPS, type TourView } from './tour-steps';
import { markCompleted, resetTour, saveProgress, shouldStartTour } from './tour-storage';

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
  const tour = useTourSteps(forced, onNavigate);
  const { step } = tour;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const open = step !== null;
  const layout = useSpotlightLayout(step === null ? null : TOUR_STEPS[step].target);

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

  if (step === null) return null;
  const current = TOUR_STEPS[step];
  const hole = current.target && layout?.target === current.target ? layout.hole : undefined;

  /** The page behind is inert while the tour is modal: a click inside the spotlight is handed to its element. */
  const clickTarget = () => {
    const element = current.target ? targetElement(current.target) : null;
    if (element instanceof HTMLElement) element.click();
  };

  return createPortal(
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={tour.titleId}
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
        <TourCardBody step={step} tour={tour} />
      </div>
    </dialog>,
    document.body,
  );
}

type TourSteps = ReturnType<typeof useTourSteps>;

/**
 * Which step shows, and moving between them: each step is remembered and opens its view; Next
 * from the envelope step waits for settings to show first; Skip and Done record the tour as
 * completed and close it.
 */
function useTourSteps(forced: boolean, onNavigate: OnboardingTourProps['onNavigate']) {
  // Both paths only bring storage to the same state, so running twice (StrictMode) is harmless.
  const [step, setStep] = useState<number | null>(() => openingStep(forced));
  const [advancing, setAdvancing] = useState(false);
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const titleId = useId();

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

  const next = () => {
    if (advancing || step === null) return;
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
    if (step === null || step === 0) return;
    cancelAdvance();
    show(step - 1);
  };

  const finish = () => {
    cancelAdvance();
    markCompleted();
    setStep(null);
  };

  return { step, advancing, titleId, next, back, finish };
}

/** The step's place, title and text, with Skip, Back and Next (Done on the last). */
function TourCardBody({ step, tour }: { step: number; tour: TourSteps }) {
  const current = TOUR_STEPS[step];
  const isLast = step === TOUR_STEPS.length - 1;
  return (
    <div className="card-body gap-3 p-5">
      {/* Read out when the step changes while focus stays on Next or Back. */}
      <div aria-live="polite" className="flex flex-col gap-3">
        <p className="text-xs font-semibold uppercase tracking-wide opacity-60">{`Step ${step + 1} of ${TOUR_STEPS.length}`}</p>
        <progress className="progress progress-primary w-full" value={step + 1} max={TOUR_STEPS.length} aria-label="Tour progress" />
        <h2 id={tour.titleId} className="card-title">
          {current.title}
        </h2>
        <p>{current.body}</p>
      </div>
      <div className="card-actions mt-2 items-center justify-between">
        <button type="button" className="btn btn-ghost btn-sm" onClick={tour.finish}>
          Skip
        </button>
        <div className="flex gap-2">
          {step > 0 && (
            <button type="button" className="btn btn-sm" onClick={tour.back}>
              ← Back
            </button>
          )}
          {isLast ? (
            <button type="button" className="btn btn-primary btn-sm" onClick={tour.finish}>
              Done
            </button>
          ) : (
            <button type="button" className="btn btn-primary btn-sm" onClick={tour.next} disabled={tour.advancing}>
              Next →
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
