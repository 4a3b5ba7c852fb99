import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';
import { restoreFocus, tabbableElements } from '../../components/modal-dialog';
import type { TourTarget } from './tour-steps';

/* The tour's layers: the spotlight on a step's element, the dimmed page around it, and the dialog kept on top. */

/** Spec 1 §9: the tour lies above every other layer, dialogs and the sticky header included. */
export const TOUR_Z_INDEX = 20000;
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

export interface Layout {
  target: TourTarget;
  /** Undefined when the element is missing or not displayed: the card is then centred. */
  hole?: Box;
  viewport: { width: number; height: number };
}

export function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)')?.matches ?? false;
}

export function targetElement(target: TourTarget): Element | null {
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
export function cardPosition(hole: Box, viewport: Layout['viewport']): CSSProperties {
  const width = Math.min(CARD_WIDTH, viewport.width - 2 * CARD_GAP);
  const centredLeft = hole.left + hole.width / 2 - width / 2;
  const left = Math.max(CARD_GAP, Math.min(centredLeft, viewport.width - width - CARD_GAP));
  const below = hole.top + hole.height;
  const vertical = viewport.height - below >= hole.top ? { top: below + CARD_GAP } : { bottom: viewport.height - hole.top + CARD_GAP };
  return { ...vertical, left, width };
}

/**
 * Keeps the open tour modal and on top (spec 1 §9: above every other layer): shown with
 * showModal(), raised again above any dialog that opens while it runs (except the temporary-issue
 * overlay, `data-over-tour`), deaf to Escape, with the page's scrolling locked; on closing, focus
 * goes back where it was.
 */
export function useAboveEveryLayer(dialogRef: RefObject<HTMLDialogElement | null>, cardRef: RefObject<HTMLDivElement | null>, open: boolean) {
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
export function useSpotlightLayout(target: TourTarget | null | undefined): Layout | null {
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
export function TourBackdrop({ hole, onSpotlightClick }: { hole: Layout['hole'] | undefined; onSpotlightClick(): void }) {
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
