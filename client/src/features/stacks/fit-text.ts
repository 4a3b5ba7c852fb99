/**
 * Picks a font size that lets `text` fit `widthPx` on one line, shrinking from `maxPx` down to
 * `minPx` (spec 2 §2.1: positions 16→10 px in 280 px; §2.3: card labels 18→10 px in 260 px).
 * An estimate by length, so it needs no layout: an average glyph is about 0.6 em wide.
 */
const GLYPH_EM = 0.6;

export function fitFontSize(text: string, { maxPx, minPx, widthPx }: { maxPx: number; minPx: number; widthPx: number }): number {
  const length = Array.from(text).length;
  if (length === 0) return maxPx;
  const fitting = Math.floor(widthPx / (length * GLYPH_EM));
  return Math.max(minPx, Math.min(maxPx, fitting));
}

/** Position text: 16 px down to 10 px within 280 px. */
export const positionFontSize = (text: string) => fitFontSize(text, { maxPx: 16, minPx: 10, widthPx: 280 });

/** Responder card labels: 18 px down to 10 px within 260 px. */
export const labelFontSize = (text: string) => fitFontSize(text, { maxPx: 18, minPx: 10, widthPx: 260 });

/**
 * The six stack colours (spec 2 §2.1, §9), from the theme so they follow light and dark. A position
 * keeps the colour of its place in the stack, wherever it is ranked.
 */
export const STACK_COLORS = ['text-primary', 'text-secondary', 'text-accent', 'text-info', 'text-success', 'text-warning'] as const;

export const positionColor = (positionIndex: number) => STACK_COLORS[((positionIndex % STACK_COLORS.length) + STACK_COLORS.length) % STACK_COLORS.length];
