// The route's documentation where the request is built: a "Docs" panel (Radix Collapsible) with
// the summary and description, every parameter with its type, required flag, values, example and
// description, the body schema as a tree, and the documented responses. Its own lazy chunk, which
// the first screen draws closed; the body (DocsBody.tsx) is a chunk of its own.
import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronRight } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import type { RouteInfo } from '../../../../protocol/types';
import '../../../css/route-docs.lazy.css';
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
  const parameters = route?.parameters ?? [];
  const contentRef = useRef<HTMLDivElement>(null);
  const counts = [parameters.length && `${parameters.length} ${parameters.length === 1 ? 'parameter' : 'parameters'}`, route?.schema.body && 'body', route?.responses?.length && `${route.responses.length} ${route.responses.length === 1 ? 'response' : 'responses'}`].filter(Boolean);
  return (
    <Collapsible.Root ref={contentRef} className="kite-docs" open={open && Boolean(route)} onOpenChange={(next) => {
        onOpenChange(next);
        // In a stacked layout the docs open below the builder: bring them into view.
        if (next) requestAnimationFrame(() => contentRef.current?.scrollIntoView?.({ block: 'nearest' }));
      }}
      disabled={!route}
    >
      <Collapsible.Trigger className="kite-docs-trigger">
        <ChevronRight size={14} aria-hidden="true" className="kite-docs-chevron" />
        <span className="kite-docs-title">Docs</span>
        <span className="kite-docs-counts kite-muted">{route ? counts.join(' · ') || 'nothing documented' : 'pick a route'}</span>
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
