import { useLayoutEffect, useRef, useState } from 'react';
import { fitFontSize, type FitRule, type TextMeasurer } from './fit-text';

let canvasContext: OffscreenCanvasRenderingContext2D | null | undefined;

/**
 * A measurer in the element's own font: a canvas's measureText where the browser has
 * OffscreenCanvas, else a hidden span set like the element (read back after layout).
 */
function measurerFor(element: HTMLElement): TextMeasurer {
  const style = getComputedStyle(element);
  const font = (px: number) => `${style.fontStyle} ${style.fontWeight} ${px}px ${style.fontFamily}`;
  if (canvasContext === undefined) canvasContext = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  const context = canvasContext;
  if (context) {
    return (text, px) => {
      context.font = font(px);
      return context.measureText(text).width;
    };
  }
  return (text, px) => {
    const probe = document.createElement('span');
    probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${font(px)};letter-spacing:${style.letterSpacing}`;
    probe.textContent = text;
    document.body.appendChild(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return width;
  };
}

/** The width the text may take: the rule's, or its container's content box when narrower. */
function availableWidth(element: HTMLElement, rule: FitRule): number {
  const parent = element.parentElement;
  if (!parent) return rule.widthPx;
  const style = getComputedStyle(parent);
  const inner = parent.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
  return inner > 0 ? Math.min(rule.widthPx, inner) : rule.widthPx;
}

/**
 * The font size at which `text` fits by its measured width (spec 2 §2.1, §2.3): re-measured when the
 * text or the container's width changes. Before the first measurement, the largest size.
 */
export function useFitFontSize(text: string, rule: FitRule) {
  const ref = useRef<HTMLSpanElement>(null);
  const [fontPx, setFontPx] = useState(rule.maxPx);
  const { maxPx, minPx, widthPx } = rule;

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const fit = () => setFontPx(fitFontSize(text, { maxPx, minPx, widthPx: availableWidth(element, { maxPx, minPx, widthPx }) }, measurerFor(element)).fontPx);
    fit();
    const parent = element.parentElement;
    if (!parent || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(parent);
    // Web fonts change the widths once loaded.
    void document.fonts?.ready.then(fit);
    return () => observer.disconnect();
  }, [text, maxPx, minPx, widthPx]);

  return { ref, fontPx };
}

interface FitTextProps {
  text: string;
  rule: FitRule;
  className?: string;
}

/**
 * Text that shrinks to fit its width by measurement and, when even the smallest size does not fit,
 * wraps: it is never cut off with an ellipsis.
 */
export function FitText({ text, rule, className = '' }: FitTextProps) {
  const { ref, fontPx } = useFitFontSize(text, rule);
  return (
    <span ref={ref} className={`block min-w-0 leading-snug wrap-anywhere ${className}`} style={{ fontSize: fontPx, maxWidth: rule.widthPx }}>
      {text}
    </span>
  );
}
