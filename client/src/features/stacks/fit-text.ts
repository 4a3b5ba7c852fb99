/** Measures the width in px of `text` set at `fontPx` in the element's font. */
export type TextMeasurer = (text: string, fontPx: number) => number;

export interface FitRule {
  maxPx: number;
  minPx: number;
  /** The width to fit, in px (the container's, when it is narrower). */
  widthPx: number;
}

/** Spec 2 §2.1: position text shrinks from 16 px down to 10 px to fit 280 px. */
export const POSITION_FIT: FitRule = { maxPx: 16, minPx: 10, widthPx: 280 };

/** Spec 2 §2.3: a responder card's label shrinks from 18 px to 10 px within 260 px. */
export const LABEL_FIT: FitRule = { maxPx: 18, minPx: 10, widthPx: 260 };

/**
 * The largest whole px size from `maxPx` down to `minPx` at which `text`, measured, fits `widthPx`
 * on one line. When even `minPx` does not fit, the answer is `minPx` with `fits` false: the text
 * then wraps (it is never cut off).
 */
export function fitFontSize(text: string, { maxPx, minPx, widthPx }: FitRule, measure: TextMeasurer): { fontPx: number; fits: boolean } {
  if (text === '') return { fontPx: maxPx, fits: true };
  for (let px = maxPx; px >= minPx; px -= 1) {
    if (measure(text, px) <= widthPx) return { fontPx: px, fits: true };
  }
  return { fontPx: minPx, fits: false };
}

/**
 * The six stack colours (spec 2 §2.1, §9), from the theme so they follow light and dark. A position
 * keeps the colour of its place in the stack, wherever it is ranked.
 */
export const STACK_COLORS = ['text-primary', 'text-secondary', 'text-accent', 'text-info', 'text-success', 'text-warning'] as const;

export const positionColor = (positionIndex: number) => STACK_COLORS[((positionIndex % STACK_COLORS.length) + STACK_COLORS.length) % STACK_COLORS.length];
