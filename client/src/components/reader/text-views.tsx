import { useEffect, useRef, useState } from 'react';
import { FileClock } from 'lucide-react';
import type { DocumentHtmlAnswer } from '@common/contracts/attachments';
import { Spinner } from '@/components/spinner';
import { findMatches } from './find-in-text';
import { fetchDocument } from './fetch-document';
import { clearHighlights, rangeOf, showHighlights, textNodesOf } from './highlights';
import { Trans, useLingui } from '@lingui/react/macro';

/** While a Word file is still being converted, ask again this often, and this many times at most. */
const CONVERSION_RETRY_MS = 2000;
const CONVERSION_ROUNDS = 60;

interface FindProps {
  query: string;
  current: number;
  onMatches: (count: number) => void;
}

/** Find over the text shown in `container` (a Word file's HTML, a text file), once it is there. */
function useFindInElement(container: React.RefObject<HTMLElement | null>, shown: unknown, { query, current, onMatches }: FindProps) {
  const [nodes, setNodes] = useState<Text[]>([]);
  useEffect(() => {
    if (shown && container.current) setNodes(textNodesOf(container.current));
  }, [shown, container]);
  const [matches, setMatches] = useState<ReturnType<typeof findMatches>>([]);
  useEffect(() => {
    const found = findMatches(
      nodes.map((node) => node.data),
      query,
    );
    setMatches(found);
    onMatches(found.length);
  }, [nodes, query, onMatches]);
  useEffect(() => {
    const ranges = matches.map((match) => rangeOf(match, nodes));
    const currentRange = ranges[current] ?? null;
    showHighlights(
      ranges.filter((range): range is Range => range !== null),
      currentRange,
    );
    currentRange?.startContainer.parentElement?.scrollIntoView({ block: 'center' });
  }, [matches, nodes, current]);
  useEffect(() => clearHighlights, []);
}

const Opening = ({ text }: { text: string }) => (
  <div className="flex h-full items-center justify-center gap-2 p-6 text-center text-sm text-muted-foreground" role="status">
    <Spinner className="size-5" label={text} /> {text}
  </div>
);

interface ViewProps extends FindProps {
  url: string;
  name: string;
  onShown: () => void;
  onError: (message: string) => void;
}

type HtmlState = { state: 'converting' } | { state: 'ready'; html: string };

/** A Word file as the server's clean HTML; while it is being converted, says so and asks again. */
export function HtmlView({ url, name, onShown, onError, ...find }: ViewProps) {
  const { t } = useLingui();
  const [state, setState] = useState<HtmlState | null>(null);
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const loading = new AbortController();
    (async () => {
      for (let round = 0; round < CONVERSION_ROUNDS; round += 1) {
        const response = await fetchDocument(url, loading.signal);
        if (response.status === 200) {
          const answer = (await response.json()) as DocumentHtmlAnswer;
          setState({ state: 'ready', html: answer.html });
          return;
        }
        setState({ state: 'converting' });
        await new Promise((resolve) => setTimeout(resolve, CONVERSION_RETRY_MS));
        if (loading.signal.aborted) return;
      }
      throw new Error(t`The document is taking too long to prepare. Try again later, or use Download.`);
    })().catch((error: unknown) => {
      if (!loading.signal.aborted) onError(error instanceof Error ? error.message : t`The document could not be opened.`);
    });
    return () => loading.abort();
  }, [url, onError, t]);

  const html = state?.state === 'ready' ? state.html : null;
  useEffect(() => {
    if (html !== null) onShown();
  }, [html, onShown]);
  useFindInElement(body, html, find);

  if (!state) return <Opening text={t`Opening the document...`} />;
  if (state.state === 'converting') {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center" role="status">
        <FileClock className="size-8 text-ocean" aria-hidden="true" />
        <p className="font-medium">
          <Trans>Preparing the document for reading...</Trans>
        </p>
        <p className="max-w-sm text-sm text-muted-foreground">
          <Trans>Word files are converted once for the reader. This takes a few seconds; it opens by itself.</Trans>
        </p>
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the document scrolls here; the keyboard must reach it
    <section tabIndex={0} aria-label={name} className="min-h-0 flex-1 overflow-auto bg-white outline-none focus-visible:ring-2 focus-visible:ring-ring">
      {/* The server rebuilt this HTML from an allow-list: no script, handler, style or outside resource survives it. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (documents/html-sanitize.ts) */}
      <div ref={body} className="reader-html mx-auto max-w-3xl p-4 sm:p-8" dangerouslySetInnerHTML={{ __html: html ?? '' }} />
    </section>
  );
}

/** A plain-text file, as it is. */
export function TextView({ url, name, onShown, onError, ...find }: ViewProps) {
  const { t } = useLingui();
  const [text, setText] = useState<string | null>(null);
  const body = useRef<HTMLPreElement>(null);
  useEffect(() => {
    const loading = new AbortController();
    fetchDocument(url, loading.signal)
      .then((response) => response.text())
      .then(setText)
      .catch((error: unknown) => {
        if (!loading.signal.aborted) onError(error instanceof Error ? error.message : t`The document could not be opened.`);
      });
    return () => loading.abort();
  }, [url, onError, t]);
  useEffect(() => {
    if (text !== null) onShown();
  }, [text, onShown]);
  useFindInElement(body, text, find);

  if (text === null) return <Opening text={t`Opening the document...`} />;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the document scrolls here; the keyboard must reach it
    <section tabIndex={0} aria-label={name} className="min-h-0 flex-1 overflow-auto bg-white outline-none focus-visible:ring-2 focus-visible:ring-ring">
      <pre ref={body} className="mx-auto max-w-3xl p-4 font-mono text-sm break-words whitespace-pre-wrap sm:p-8">
        {text}
      </pre>
    </section>
  );
}

/** An image, fitted to the reading area. */
export function ImageView({ url, name, onShown, onError }: Omit<ViewProps, keyof FindProps>) {
  const { t } = useLingui();
  return (
    <div className="flex min-h-0 flex-1 items-start justify-center overflow-auto bg-slate-200 p-2">
      <img src={url} alt={name} className="h-auto max-w-full bg-white shadow-sm" onLoad={onShown} onError={() => onError(t`The image could not be shown.`)} />
    </div>
  );
}
