// What the inbox's two virtualized lists (conversations, messages) change in @tanstack/react-virtual's mount:
// the stock element observers read the scroll element's size and write its scroll offset from a layout
// effect, and each of those makes the browser lay out the page inside React's commit. On a phone the first
// layout of a freshly rendered list is the larger part of the task that shows it, so these wait for the
// layout the browser does anyway.
import { elementScroll, type Rect, type Virtualizer } from '@tanstack/react-virtual';

type ListVirtualizer = Virtualizer<HTMLDivElement, Element>;

/** The scroll element's size as its ResizeObserver reports it: the first report comes after the browser's
 *  own layout (the list keeps its `initialRect` until then). Without ResizeObserver, read at once. */
export function observeRectAfterLayout(
  instance: ListVirtualizer,
  cb: (rect: Rect) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  const win = instance.targetWindow;
  if (!element || !win) return undefined;
  const report = () => cb({ width: element.clientWidth, height: element.clientHeight });
  if (!win.ResizeObserver) {
    report();
    return () => {};
  }
  const observer = new win.ResizeObserver(report);
  observer.observe(element, { box: 'content-box' });
  return () => observer.unobserve(element);
}

const seen = new WeakSet<Element>();

/** Scrolls as the stock `elementScroll` does, except the mount's scroll to the top of an element it has never
 *  seen: a new element is already there (and scrollTo would lay the page out first to find out). */
export function scrollAfterLayout(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: ListVirtualizer,
): void {
  const element = instance.scrollElement;
  if (element && !seen.has(element)) {
    seen.add(element);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
}
