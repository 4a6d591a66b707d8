import { useEffect, useRef, useState } from 'react';
import { type PDFDocumentProxy, TextLayer } from 'pdfjs-dist';

export interface PageSize {
  width: number;
  height: number;
}

/** Pages this far above or below the reading area are drawn ahead, so scrolling meets drawn pages. */
const DRAW_AHEAD = '150% 0px';

interface PageProps {
  pdf: PDFDocumentProxy;
  index: number;
  size: PageSize;
  scale: number;
  root: React.RefObject<HTMLDivElement | null>;
  ref: (element: HTMLDivElement | null) => void;
  onDrawn?: () => void;
  onTextLayer: (index: number, nodes: (Node | null)[] | null) => void;
}

/** One page: an empty frame of the right size until it nears the reading area, then its drawing and text. */
export function PdfPage({ pdf, index, size, scale, root, ref, onDrawn, onTextLayer }: PageProps) {
  const frame = useRef<HTMLDivElement | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const width = Math.floor(size.width * scale);
  const height = Math.floor(size.height * scale);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setNear(entry.isIntersecting), { root: root.current, rootMargin: DRAW_AHEAD });
    observer.observe(element);
    return () => observer.disconnect();
  }, [root]);

  useEffect(() => {
    if (!near || !canvas.current || !text.current) return;
    const target = canvas.current;
    const layer = text.current;
    let cancelled = false;
    let render: { cancel: () => void } | null = null;
    let textLayer: TextLayer | null = null;
    (async () => {
      const page = await pdf.getPage(index + 1);
      if (cancelled) return;
      const viewport = page.getViewport({ scale });
      // Drawn at the screen's own pixel density, so text stays sharp on a phone.
      const ratio = window.devicePixelRatio || 1;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      const task = page.render({ canvas: target, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      render = task;
      await task.promise;
      if (cancelled) return;
      onDrawn?.();
      layer.replaceChildren();
      textLayer = new TextLayer({ textContentSource: page.streamTextContent(), container: layer, viewport });
      await textLayer.render();
      if (cancelled) return;
      onTextLayer(
        index,
        textLayer.textDivs.map((div) => div.firstChild),
      );
    })().catch(() => undefined);
    return () => {
      cancelled = true;
      render?.cancel();
      textLayer?.cancel();
      onTextLayer(index, null);
    };
  }, [near, pdf, index, scale, onDrawn, onTextLayer]);

  return (
    <div
      ref={(element) => {
        frame.current = element;
        ref(element);
      }}
      className="relative shrink-0 bg-white shadow-sm"
      style={{ width, height, '--total-scale-factor': scale } as React.CSSProperties}
      data-page={index + 1}
    >
      {near && (
        <>
          <canvas ref={canvas} className="block" style={{ width, height }} />
          <div ref={text} className="reader-text-layer" />
        </>
      )}
    </div>
  );
}
