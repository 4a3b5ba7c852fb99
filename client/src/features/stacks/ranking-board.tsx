import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useState } from 'react';
import { POSITION_FIT, positionColor } from './fit-text';
import { FitText } from './fit-text-span';

/** Spec 2 §2.3 and §9: dragging starts after 8 px of movement; the keyboard moves 25 px a step. */
export const DRAG_ACTIVATION_PX = 8;
export const KEYBOARD_STEP_PX = 25;

/**
 * Arrow keys move the picked-up card 25 px (instead of dnd-kit's jump to the next card); the
 * sortable strategy then swaps cards as the card's centre passes theirs.
 */
export const stepKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  switch (event.code) {
    case 'ArrowDown':
      return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_STEP_PX };
    case 'ArrowUp':
      return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_STEP_PX };
    case 'ArrowRight':
      return { ...currentCoordinates, x: currentCoordinates.x + KEYBOARD_STEP_PX };
    case 'ArrowLeft':
      return { ...currentCoordinates, x: currentCoordinates.x - KEYBOARD_STEP_PX };
    default:
      return undefined;
  }
};

/**
 * A card moves only up and down, and only within the list: neither arrow keys nor the pointer carry
 * it past the first or the last place (the keyboard sensor starts each step from where the card
 * was held, so pressing on at an end moves nothing).
 */
export const restrictToList: Modifier = ({ transform, draggingNodeRect, containerNodeRect }) => {
  if (!draggingNodeRect || !containerNodeRect) return { ...transform, x: 0 };
  const highest = containerNodeRect.top - draggingNodeRect.top;
  const lowest = containerNodeRect.top + containerNodeRect.height - (draggingNodeRect.top + draggingNodeRect.height);
  return { ...transform, x: 0, y: Math.min(lowest, Math.max(highest, transform.y)) };
};

const LIST_MODIFIERS = [restrictToList];

const itemId = (positionIndex: number) => `position-${positionIndex}`;
const indexOfId = (id: UniqueIdentifier) => Number(String(id).replace('position-', ''));

interface RankingBoardProps {
  positions: readonly string[];
  /** Sends the ranking: the six position indices, best first. */
  onSubmit(positionIds: number[]): Promise<void>;
  submitting: boolean;
  error?: string | null;
}

/** Ranking mode (spec 2 §4): six sortable cards, best on top, then Submit. */
export function RankingBoard({ positions, onSubmit, submitting, error }: RankingBoardProps) {
  const [order, setOrder] = useState<number[]>(() => positions.map((_, index) => index));
  /** While a card is moved: which card, and the card whose place it would take if dropped now. */
  const [moving, setMoving] = useState<{ active: UniqueIdentifier; over: UniqueIdentifier | null } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_ACTIVATION_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: stepKeyboardCoordinates }),
  );
  const textOf = (id: UniqueIdentifier | undefined) => (id === undefined ? '' : (positions[indexOfId(id)] ?? ''));
  const placeOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : order.indexOf(indexOfId(id)) + 1);
  // The order as it would be if the card were dropped now: the place numbers follow the card while it moves.
  const shown = moving?.over != null ? arrayMove(order, order.indexOf(indexOfId(moving.active)), order.indexOf(indexOfId(moving.over))) : order;
  const of = `of ${order.length}`;
  // `order` is the order before the move: the place of the card it is over is the place it would take.
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${textOf(active.id)}, place ${placeOf(active.id)} ${of}.`,
    onDragOver: ({ active, over }) =>
      over ? `${textOf(active.id)} is over place ${placeOf(over.id)} ${of}.` : `${textOf(active.id)} is no longer over a place; dropping it keeps place ${placeOf(active.id)}.`,
    onDragEnd: ({ active, over }) =>
      over ? `${textOf(active.id)} dropped at place ${placeOf(over.id)} ${of}.` : `${textOf(active.id)} dropped; it stays at place ${placeOf(active.id)} ${of}.`,
    onDragCancel: ({ active }) => `Moving ${textOf(active.id)} was cancelled; it stays at place ${placeOf(active.id)} ${of}.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setMoving(null);
    if (!over || active.id === over.id) return;
    setOrder((current) => arrayMove(current, current.indexOf(indexOfId(active.id)), current.indexOf(indexOfId(over.id))));
  };

  return (
    <section aria-labelledby="ranking-title" className="space-y-3">
      <h3 id="ranking-title" className="text-lg font-bold">
        Rank the positions
      </h3>
      <p className="text-sm text-base-content/70">Drag the cards (or pick one up with Space and move it with the arrow keys) from best at the top to worst at the bottom.</p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={LIST_MODIFIERS}
        onDragStart={({ active }) => setMoving({ active: active.id, over: active.id })}
        onDragOver={({ active, over }) => setMoving({ active: active.id, over: over?.id ?? null })}
        onDragEnd={onDragEnd}
        onDragCancel={() => setMoving(null)}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: 'Press Space to pick up a position, the arrow keys to move it, Space again to drop it, Escape to cancel.' },
        }}
      >
        <SortableContext items={order.map(itemId)} strategy={verticalListSortingStrategy}>
          <ol className="space-y-2" aria-label="Your ranking">
            {order.map((positionIndex) => (
              <RankCard key={positionIndex} id={itemId(positionIndex)} place={shown.indexOf(positionIndex)} positionIndex={positionIndex} text={positions[positionIndex]} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <button type="button" className="btn btn-primary" disabled={submitting} onClick={() => void onSubmit(order)}>
        Submit
      </button>
    </section>
  );
}

function RankCard({ id, place, positionIndex, text }: { id: string; place: number; positionIndex: number; text: string }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      data-rank-card={positionIndex}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`max-w-md ${isDragging ? 'relative z-10' : ''}`}
    >
      <div
        {...attributes}
        {...listeners}
        className={`flex cursor-grab touch-none items-center gap-3 rounded-box border border-base-300 bg-base-100 px-3 py-2 shadow-sm select-none active:cursor-grabbing ${
          isDragging ? 'shadow-lg ring-2 ring-primary' : ''
        }`}
      >
        <span className="badge badge-neutral badge-sm shrink-0">{place + 1}</span>
        <span className="min-w-0 flex-1">
          <FitText text={text} rule={POSITION_FIT} className={`font-semibold ${positionColor(positionIndex)}`} />
        </span>
        <span aria-hidden="true" className="text-base-content/40">
          ⋮⋮
        </span>
      </div>
    </li>
  );
}
