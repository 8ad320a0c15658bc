// The route's documentation where the request is built: a "Docs" panel (Radix Collapsible) with
// the summary and description, every parameter with its type, required flag, values, example and
// description, the body schema as a tree, and the documented responses. Its own lazy chunk: the
// first screen draws the panel closed without it (DocsHeading.tsx); the body (DocsBody.tsx) is a
// chunk of its own.
import * as Collapsible from '@radix-ui/react-collapsible';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { RouteInfo } from '../../../../protocol/types';
import { closedHeadingFocused, DocsHeading } from './DocsHeading';
import { loadDocsBody } from './docs';

// The body's code (rich text, schema trees) loads when the panel first opens, or when the page is idle.
const DocsBody = lazy(loadDocsBody);

export interface RouteDocsProps {
  route: RouteInfo | undefined;
  /** The security schemes the route names, each said in a line (model/auth/document-schemes). */
  securityLabels?: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export default function RouteDocs({ route, securityLabels = [], open, onOpenChange }: RouteDocsProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  // In a stacked layout the docs open below the builder: bring them into view.
  const reveal = () => requestAnimationFrame(() => contentRef.current?.scrollIntoView?.({ block: 'nearest' }));
  // Taking over from the closed heading (read while it is still on screen): its focus, and its click.
  const [tookFocus] = useState(closedHeadingFocused);
  // On taking over only: a later opening is revealed by onOpenChange.
  useEffect(() => {
    if (tookFocus && open) reveal();
  }, []);
  return (
    <Collapsible.Root ref={contentRef} className="kite-docs" open={open && Boolean(route)} onOpenChange={(next) => {
        onOpenChange(next);
        if (next) reveal();
      }}
      disabled={!route}
    >
      <Collapsible.Trigger className="kite-docs-trigger" autoFocus={tookFocus}>
        <DocsHeading route={route} />
      </Collapsible.Trigger>
      <Collapsible.Content className="kite-docs-content">
        {route && (
          <Suspense fallback={null}>
            <DocsBody route={route} securityLabels={securityLabels} />
          </Suspense>
        )}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
