import { useEffect, useLayoutEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  'iframe',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

function isShown(element: HTMLElement): boolean {
  if (element.closest('[hidden], [inert]')) return false;
  // jsdom has no layout (and no checkVisibility): there, everything not hidden counts as shown.
  return typeof element.checkVisibility === 'function' ? element.checkVisibility({ visibilityProperty: true }) : true;
}

/**
 * The elements Tab stops at inside `root`, in document order (positive tabindex is not used in the
 * app). Of a radio group only its checked radio (or its first, when none is) is a stop, as browsers do.
 */
export function tabbableElements(root: HTMLElement): HTMLElement[] {
  const candidates = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.tabIndex >= 0 && isShown(element));
  return candidates.filter((element) => {
    if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || !element.name) return true;
    const group = candidates.filter((other): other is HTMLInputElement => other instanceof HTMLInputElement && other.type === 'radio' && other.name === element.name);
    const checked = group.find((radio) => radio.checked);
    return checked ? checked === element : group[0] === element;
  });
}

/**
 * Keeps Tab and Shift+Tab inside `root`: from the last stop Tab goes to the first, from the first
 * (or from the container itself) Shift+Tab goes to the last. The native modal dialog already makes
 * the page behind it inert; this also keeps focus off the browser's own toolbar between rounds.
 */
export function trapTabKey(event: KeyboardEvent | ReactKeyboardEvent, root: HTMLElement | null): void {
  if (event.key !== 'Tab' || !root || event.defaultPrevented) return;
  const stops = tabbableElements(root);
  if (stops.length === 0) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement as HTMLElement | null;
  const index = active ? stops.indexOf(active) : -1;
  const outside = !active || !root.contains(active);
  if (event.shiftKey) {
    if (index <= 0) {
      event.preventDefault();
      stops[stops.length - 1].focus();
    }
  } else if (outside || index === stops.length - 1) {
    event.preventDefault();
    stops[0].focus();
  }
}

/** The modal dialog on top: the last open one in document order (good enough when only one nests). */
function topmostModal(except?: Element): HTMLElement | null {
  const open = Array.from(document.querySelectorAll<HTMLDialogElement>('dialog[open]')).filter((dialog) => dialog !== except);
  return open.at(-1) ?? null;
}

/**
 * Gives focus back after a dialog closed: to `element` (its opener) when it is still in the page and
 * can take focus, else into the dialog still open beneath, else it stays where the browser put it.
 */
export function restoreFocus(element: HTMLElement | null, closing?: Element): void {
  if (element && element.isConnected && element !== document.body) {
    element.focus({ preventScroll: true });
    if (document.activeElement === element) return;
  }
  const beneath = topmostModal(closing);
  if (beneath && !beneath.contains(document.activeElement)) {
    (tabbableElements(beneath)[0] ?? beneath).focus({ preventScroll: true });
  }
}

interface ModalDialogOptions {
  /** Escape (the dialog's cancel event), or the browser closing the dialog by itself. */
  onDismiss(): void;
  /** Focused once open; without it the browser focuses the dialog's first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * Opens `ref`'s <dialog> with showModal() while the calling component is mounted (so the page
 * behind is inert and the dialog lies in the top layer), closes it on unmount and returns focus
 * to the element that had it before. Returns the keydown handler that keeps Tab inside.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, { onDismiss, initialFocus }: ModalDialogOptions) {
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    const onCancel = (event: Event) => {
      // The dialog stays until its owner unmounts it, so its state and the DOM never disagree.
      event.preventDefault();
      dismiss.current();
    };
    const onClose = () => {
      // A close the owner did not ask for (a cancel the browser would not let us prevent).
      if (!dialog.open && dialog.isConnected) dismiss.current();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClose);
      const hadFocus = dialog.contains(document.activeElement);
      if (dialog.open) dialog.close();
      if (hadFocus || document.activeElement === document.body || document.activeElement === null) restoreFocus(opener, dialog);
    };
    // Opened once per mount: the owner mounts the dialog to open it and unmounts it to close it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (event: ReactKeyboardEvent) => trapTabKey(event, ref.current);
}
