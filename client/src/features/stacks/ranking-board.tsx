import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type CollisionDetection,
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

/** Spec 2 §2.3 and §9: dragging starts after 8 px of movement. */
export const DRAG_ACTIVATION_PX = 8;

/** The box of one place in the list, as dnd-kit measured it when the card was picked up. */
interface PlaceRect {
  top: number;
  bottom: number;
}

/**
 * One arrow press moves the picked-up card exactly one place: the place it is over goes
 * one up or down (never past either end), and the card is drawn where it would sit once dropped
 * there: level with that place's top when moving up, with its bottom when moving down (cards may
 * differ in height). A fixed pixel step (spec 2 §9's 25 px) moved it half a place per press, as
 * the cards are about 50 px apart. `ids` is the list's order when the card was picked up.
 */
export function keyboardPlaceStep(args: {
  ids: readonly UniqueIdentifier[];
  activeId: UniqueIdentifier;
  overId: UniqueIdentifier | null | undefined;
  direction: 1 | -1;
  rectOf(id: UniqueIdentifier): PlaceRect | undefined;
  activeHeight: number;
}): { overId: UniqueIdentifier; y: number } | undefined {
  const { ids, activeId, direction, rectOf, activeHeight } = args;
  const from = args.overId != null && ids.includes(args.overId) ? ids.indexOf(args.overId) : ids.indexOf(activeId);
  const activeIndex = ids.indexOf(activeId);
  if (from < 0 || activeIndex < 0) return undefined;
  const to = Math.min(ids.length - 1, Math.max(0, from + direction));
  const target = rectOf(ids[to]);
  const own = rectOf(activeId);
  if (!target || !own) return undefined;
  const y = to > activeIndex ? target.bottom - activeHeight : to < activeIndex ? target.top : own.top;
  return { overId: ids[to], y };
}

const KEY_DIRECTIONS: Record<string, 1 | -1> = { ArrowDown: 1, ArrowUp: -1 };

/** The sortable list's ids as dnd-kit holds them for the picked-up card (its order when picked up). */
function listIds(active: Active | null): readonly UniqueIdentifier[] {
  const sortable = (active?.data.current as { sortable?: { items?: UniqueIdentifier[] } } | undefined)?.sortable;
  return sortable?.items ?? [];
}

/**
 * The keyboard sensor's getter and the collision detection, sharing the place the keyboard has
 * taken the card to (null while the pointer drags, or before the first arrow press). ArrowUp and
 * ArrowDown move one place; ArrowLeft and ArrowRight nothing. Moved by the keyboard, the card is
 * over that place: geometry would have to guess between neighbours when cards differ in height,
 * and would lag behind while the page scrolls to follow the card. The pointer finds its place by
 * the closest centre.
 */
function keyboardPlaces() {
  let over: UniqueIdentifier | null = null;
  const coordinateGetter: KeyboardCoordinateGetter = (event, { active, context, currentCoordinates }) => {
    const direction = KEY_DIRECTIONS[event.code];
    if (direction === undefined || !context.collisionRect) return undefined;
    event.preventDefault();
    const step = keyboardPlaceStep({
      ids: listIds(context.active),
      activeId: active,
      overId: over ?? context.over?.id,
      direction,
      rectOf: (id) => context.droppableRects.get(id),
      activeHeight: context.collisionRect.height,
    });
    if (!step) return undefined;
    over = step.overId;
    return { x: currentCoordinates.x, y: step.y };
  };
  const collisionDetection: CollisionDetection = (args) => {
    const container = over === null ? undefined : args.droppableContainers.find((entry) => entry.id === over);
    return container ? [{ id: container.id, data: { droppableContainer: container, value: 0 } }] : closestCenter(args);
  };
  return {
    coordinateGetter,
    collisionDetection,
    /** A move starts or ends. */
    reset() {
      over = null;
    },
  };
}

/**
 * A card moves only up and down, and only within the list: the pointer cannot carry it past the
 * first or the last place (the arrow keys stop at the ends by themselves, see keyboardPlaceStep).
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
  const [keyboard] = useState(keyboardPlaces);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_ACTIVATION_PX } }),
    // The page scrolls along at once: a smooth scroll still under way when the next arrow press
    // comes is cut short, leaving the card drawn off its place.
    useSensor(KeyboardSensor, { coordinateGetter: keyboard.coordinateGetter, scrollBehavior: 'instant' }),
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
    keyboard.reset();
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
        collisionDetection={keyboard.collisionDetection}
        modifiers={LIST_MODIFIERS}
        onDragStart={({ active }) => {
          keyboard.reset();
          setMoving({ active: active.id, over: active.id });
        }}
        onDragOver={({ active, over }) => setMoving({ active: active.id, over: over?.id ?? null })}
        onDragEnd={onDragEnd}
        onDragCancel={() => {
          keyboard.reset();
          setMoving(null);
        }}
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
