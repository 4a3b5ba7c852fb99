import type { ReactNode } from 'react';
import { describeScore } from '../../../../shared/scoring';
import type { Responder } from '../../../../shared/schemas/stacks';
import { LinkButton } from './link-button';
import type { Navigation } from './stack-navigation';
import { LABEL_FIT, POSITION_FIT, positionColor } from './fit-text';
import { FitText, useFitFontSize } from './fit-text-span';

export interface RankedItem {
  text: string;
  /** The position's place in the stack, for its colour. */
  positionIndex: number;
}

/** Ranked items for display: by position ids when known, else by matching the texts. */
export function rankedItems(stackPositions: readonly string[], positionIds: readonly number[] | null, texts?: readonly string[] | null): RankedItem[] {
  if (positionIds) return positionIds.map((index) => ({ text: stackPositions[index] ?? '', positionIndex: index }));
  return (texts ?? []).map((text, place) => {
    const index = stackPositions.indexOf(text);
    return { text, positionIndex: index >= 0 ? index : place };
  });
}

/** Six positions, best first, in their stack colours (text shrinking 16→10 px within 280 px). */
export function PositionList({ items, label }: { items: RankedItem[]; label: string }) {
  return (
    <ol className="space-y-1" aria-label={label}>
      {items.map((item, place) => (
        <li key={`${place}-${item.text}`} className="flex items-center gap-2">
          <span className="w-5 shrink-0 text-right text-xs text-base-content/60">{place + 1}.</span>
          <span className="min-w-0 flex-1">
            <FitText text={item.text} rule={POSITION_FIT} className={`font-semibold ${positionColor(item.positionIndex)}`} />
          </span>
        </li>
      ))}
    </ol>
  );
}

interface ResponseCardProps {
  title: ReactNode;
  /** The relationship label ('me', or label and percentage); shrinks 18→10 px within 260 px. */
  label?: string;
  highlight?: boolean;
  children: ReactNode;
  /** The card's accessible name. */
  name: string;
}

/** The relationship label: shrinks 18→10 px by its measured width within 260 px, then wraps. */
function FitLabel({ label }: { label: string }) {
  const { ref, fontPx } = useFitFontSize(label, LABEL_FIT);
  return (
    <span ref={ref} className="min-w-0 font-semibold text-base-content/80 wrap-anywhere" style={{ fontSize: fontPx, maxWidth: LABEL_FIT.widthPx }} data-testid="score-label">
      {label}
    </span>
  );
}

export function ResponseCard({ title, label, highlight, children, name }: ResponseCardProps) {
  return (
    <article aria-label={name} className={`card border bg-base-100 shadow-sm ${highlight ? 'border-primary' : 'border-base-300'}`}>
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="min-w-0 font-bold wrap-anywhere">{title}</h3>
          {label && (
            <FitLabel label={label} />
          )}
        </div>
        {children}
      </div>
    </article>
  );
}

/**
 * A responder card's label (spec 2 §9): 'me' for the viewer, else the label and percentage of the
 * score the server sent; none while there is no score (the viewer has not answered).
 */
export function responderLabel(score: number | null, isViewer: boolean): string | undefined {
  if (isViewer) return describeScore(null, true);
  return score === null ? undefined : describeScore(score, false);
}

interface ResponderCardProps {
  user: Pick<Responder, 'user_id' | 'username' | 'score'>;
  meId: number | undefined;
  nav: Navigation;
  /** False for a card without a relationship label (a twisted stack's responder who has not re-answered). */
  scored?: boolean;
  children: ReactNode;
}

/** One responder's card: their name (a link unless it is the viewer), the label, and what the caller shows. */
export function ResponderCard({ user, meId, nav, scored = true, children }: ResponderCardProps) {
  const isMe = user.user_id === meId;
  return (
    <ResponseCard
      name={`${user.username}'s response`}
      title={isMe ? user.username : <LinkButton onClick={() => nav.onOpenUser(user.user_id)}>{user.username}</LinkButton>}
      label={scored ? responderLabel(user.score, isMe) : undefined}
    >
      {children}
    </ResponseCard>
  );
}

/** The Responses section: its heading, the cards in a grid (two or three columns where `wide`), then `footer`. */
export function ResponsesSection({ wide, footer, children }: { wide?: boolean; footer?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby="responses-title" className="space-y-3">
      <h2 id="responses-title" className="text-xl font-bold">
        Responses
      </h2>
      <div className={wide ? 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3' : 'grid gap-3'}>{children}</div>
      {footer}
    </section>
  );
}
