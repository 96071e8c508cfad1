import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Rows drawn beyond the visible ones, so a quick scroll shows no gap. */
const OVERSCAN = 8;
/** The height assumed before the container is measured (and where nothing is laid out, as in tests). */
const FALLBACK_HEIGHT = 720;

export interface VirtualRows {
  containerRef: RefObject<HTMLDivElement | null>;
  first: number;
  last: number;
  totalHeight: number;
  /** Scrolls so the row is in view (centred when it was out of view); `hidden` px at the bottom are covered. */
  scrollToRow: (index: number, hidden?: number) => void;
}

/**
 * Draws only the rows in view of a fixed-height list: a month of every restaurant is thousands of rows, and a
 * table that draws them all takes seconds to show and to scroll.
 */
export function useVirtualRows(count: number, rowHeight: number): VirtualRows {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const [view, setView] = useState({ top: 0, height: FALLBACK_HEIGHT });

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const measure = () => setView({ top: el.scrollTop, height: el.clientHeight || FALLBACK_HEIGHT });
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);

  const scrollToRow = useCallback(
    (index: number, hidden = 0) => {
      const el = containerRef.current;
      if (!el || index < 0) return;
      const top = index * rowHeight;
      const height = el.clientHeight || FALLBACK_HEIGHT;
      const visible = Math.max(rowHeight, height - hidden);
      if (top < el.scrollTop || top + rowHeight > el.scrollTop + visible) {
        el.scrollTop = Math.max(0, top - visible / 2 + rowHeight / 2);
        setView({ top: el.scrollTop, height: el.clientHeight || FALLBACK_HEIGHT });
      }
    },
    [rowHeight],
  );

  const first = Math.max(0, Math.floor(view.top / rowHeight) - OVERSCAN);
  const last = Math.min(count, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN);
  return { containerRef, first, last, totalHeight: count * rowHeight, scrollToRow };
}
