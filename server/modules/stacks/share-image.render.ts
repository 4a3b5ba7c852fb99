import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { PRODUCT_NAME, SHARE_IMAGE } from '../../../shared/limits';

/** What the picture shows; built from the stack detail the viewer may see (share-image.service.ts). */
export interface ShareImageModel {
  kind: 'stack' | 'twisted';
  /** The stack's name ('Untitled Stack' when it has none). */
  title: string;
  /** A twisted stack's twist. */
  twist: string | null;
  /** 'Friend stack with {name}' or 'Group stack in {group}'. */
  context: string;
  me: { heading: string; items: ShareItem[] };
  /** The friend's answer or the group consensus; `items` null while the friend has not answered. */
  other: { heading: string; items: ShareItem[] | null; waiting: string | null };
  /**
   * A friend stack's score as the stack detail shows it on the friend's card: its label and
   * percentage, against whom; null while the friend has not answered, and always on a group stack
   * (the detail shows no score against the group consensus, so neither does the picture).
   */
  score: { label: string; percent: string; against: string } | null;
  /** Whether the picture has a score panel: a friend stack's (the detail scores the friend's answer). */
  scored: boolean;
}

export interface ShareItem {
  text: string;
  /** The position's place in the stack, for its colour (as in the app). */
  positionIndex: number;
}

const require = createRequire(import.meta.url);

/**
 * Inter from @fontsource/inter (OFL), read from node_modules once: no network at run time.
 * Satori reads woff/ttf/otf (not woff2); the subsets cover Latin, Latin Extended, Greek and
 * Cyrillic; a glyph outside them is left out of the picture.
 */
function loadFonts() {
  return [400, 700].flatMap((weight) =>
    FONT_SUBSETS.map((subset) => ({
      // One family per subset: satori falls back family by family (fontFamily below) for a missing glyph.
      name: `Inter ${subset}`,
      weight: weight as 400 | 700,
      style: 'normal' as const,
      data: readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
    })),
  );
}

const FONT_SUBSETS = ['latin', 'latin-ext', 'greek', 'cyrillic'];
const FONT_FAMILY = FONT_SUBSETS.map((subset) => `"Inter ${subset}"`).join(', ');

let fonts: ReturnType<typeof loadFonts> | undefined;

/** The six stack colours (client fit-text.ts STACK_COLORS), as the light theme draws them. */
const COLORS = ['#605dff', '#f43098', '#00d3bb', '#00bafe', '#00d390', '#fcb700'];
const colorOf = (positionIndex: number) => COLORS[((positionIndex % COLORS.length) + COLORS.length) % COLORS.length];

type Node = { type: string; props: { style?: Record<string, unknown>; children?: Node | string | (Node | string)[] } };
const h = (type: string, style: Record<string, unknown>, children?: Node | string | (Node | string)[]): Node => ({ type, props: { style, children } });

const INK = '#1f2937';
const MUTED = '#6b7280';

function rankingColumn(heading: string, items: ShareItem[] | null, waiting: string | null): Node {
  const body: Node[] = items
    ? items.map((item, place) =>
        h('div', { display: 'flex', alignItems: 'center', height: 50, gap: 14 }, [
          h('div', { display: 'flex', width: 30, justifyContent: 'flex-end', fontSize: 24, color: MUTED }, `${place + 1}.`),
          h('div', { display: 'flex', width: 12, height: 34, borderRadius: 6, backgroundColor: colorOf(item.positionIndex) }),
          h('div', { display: 'flex', flex: 1, minWidth: 0, fontSize: item.text.length > 18 ? 22 : 28, fontWeight: 700, color: INK, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }, item.text),
        ]),
      )
    : [h('div', { display: 'flex', flex: 1, alignItems: 'center', justifyContent: 'center', fontSize: 30, color: MUTED, textAlign: 'center', padding: 20, wordBreak: 'break-all' }, waiting ?? '')];
  return h('div', { display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, boxSizing: 'border-box', padding: '18px 24px', backgroundColor: '#ffffff', borderRadius: 20, border: '2px solid #e5e7eb' }, [
    h('div', { display: 'flex', fontSize: 22, fontWeight: 700, color: MUTED, marginBottom: 10, textTransform: 'uppercase', letterSpacing: 1, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }, heading),
    ...body,
  ]);
}

/**
 * The words and figures of the score panel, top to bottom: only what the stack detail shows (the
 * friend card's percentage and label, spec 2 §9), never the raw 0-75 score. None on a group stack.
 */
export function scorePanelText(model: ShareImageModel): string[] {
  if (!model.scored) return [];
  if (!model.score) return ['No score yet'];
  return [model.score.percent, model.score.label, `with ${model.score.against}`];
}

function scorePanel(model: ShareImageModel): Node[] {
  const text = scorePanelText(model);
  if (text.length === 0) return [];
  if (!model.score) {
    return [h('div', { display: 'flex', flexDirection: 'column', width: 260, flexShrink: 0, alignItems: 'center', justifyContent: 'center', color: MUTED, fontSize: 26, textAlign: 'center' }, text[0])];
  }
  const [percent, label, against] = text;
  return [
    h('div', { display: 'flex', flexDirection: 'column', width: 260, flexShrink: 0, alignItems: 'center', justifyContent: 'center', gap: 6 }, [
      h('div', { display: 'flex', fontSize: 64, fontWeight: 700, color: '#605dff' }, percent),
      h('div', { display: 'flex', fontSize: 34, fontWeight: 700, color: INK, textAlign: 'center', justifyContent: 'center' }, label),
      h('div', { display: 'flex', fontSize: 20, color: MUTED, textAlign: 'center', justifyContent: 'center', wordBreak: 'break-all' }, against),
    ]),
  ];
}

/** The picture as a satori tree: title, the two rankings side by side, a friend stack's score. */
function tree(model: ShareImageModel): Node {
  const { width, height } = SHARE_IMAGE;
  return h('div', { display: 'flex', flexDirection: 'column', width, height, boxSizing: 'border-box', padding: '36px 48px 40px', backgroundColor: model.kind === 'twisted' ? '#f3e8ff' : '#eef2ff', fontFamily: FONT_FAMILY }, [
    h('div', { display: 'flex', justifyContent: 'space-between', alignItems: 'center', fontSize: 22, color: MUTED, gap: 24 }, [
      h('div', { display: 'flex', fontWeight: 700, color: '#605dff' }, PRODUCT_NAME),
      h('div', { display: 'flex', minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }, model.context),
    ]),
    h('div', { display: 'flex', fontSize: 52, fontWeight: 700, color: model.kind === 'twisted' ? '#7e22ce' : INK, marginTop: 6, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }, model.title),
    ...(model.twist ? [h('div', { display: 'flex', fontSize: 26, color: '#7e22ce', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }, `Twist: ${model.twist}`)] : []),
    h('div', { display: 'flex', flex: 1, minHeight: 0, marginTop: 18, gap: 24, alignItems: 'stretch' }, [
      rankingColumn(model.me.heading, model.me.items, null),
      rankingColumn(model.other.heading, model.other.items, model.other.waiting),
      ...scorePanel(model),
    ]),
  ]);
}

/** The SVG of the picture (satori: layout and text as paths, fonts from the npm package). */
export async function renderSvg(model: ShareImageModel): Promise<string> {
  fonts ??= loadFonts();
  return satori(tree(model) as never, { width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, fonts });
}

/**
 * The PNG (1200 × 630). Runs only in a render worker (share-image.worker.ts), never on the event
 * loop: satori's layout and resvg's rasterising are both CPU work (about 40 ms a picture). resvg
 * runs synchronously, on the worker's own thread rather than on libuv's pool (`renderAsync`), so
 * all of a picture's work has the thread's lower priority; the worker frees resvg's memory.
 */
export async function renderPng(model: ShareImageModel): Promise<Buffer> {
  const svg = await renderSvg(model);
  return new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng();
}

/** A picture of every part (both rankings, a score): what the warm-up renders in each worker. */
export const SAMPLE_MODEL: ShareImageModel = (() => {
  const items = ['A', 'B', 'C', 'D', 'E', 'F'].map((text, positionIndex) => ({ text, positionIndex }));
  return { kind: 'stack', title: 'Warm-up', twist: null, context: 'Friend stack', me: { heading: 'me', items }, other: { heading: 'friend', items, waiting: null }, score: { label: 'Besties!', percent: '100.0%', against: 'friend' }, scored: true };
})();
