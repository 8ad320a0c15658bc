// The Docs panel's heading (chevron, title, what the route documents), and the panel drawn closed
// without Radix Collapsible, with the elements and attributes Radix gives a closed panel. The first
// screen draws the docs closed; Radix's Collapsible with its primitives (~5 KB gzip) comes with
// RouteDocs.tsx, which takes over once its chunk is there (the page idle) or the heading is clicked
// (issue 31).
import { ChevronRight } from 'lucide-react';
import type { RouteInfo } from '../../../../protocol/types';
import '../../../css/route-docs.lazy.css';

export function DocsHeading({ route }: { route: RouteInfo | undefined }) {
  const parameters = route?.parameters ?? [];
  const counts = [parameters.length && `${parameters.length} ${parameters.length === 1 ? 'parameter' : 'parameters'}`, route?.schema.body && 'body', route?.responses?.length && `${route.responses.length} ${route.responses.length === 1 ? 'response' : 'responses'}`].filter(Boolean);
  return (
    <>
      <ChevronRight size={14} aria-hidden="true" className="kite-docs-chevron" />
      <span className="kite-docs-title">Docs</span>
      <span className="kite-docs-counts kite-muted">{route ? counts.join(' · ') || 'nothing documented' : 'pick a route'}</span>
    </>
  );
}

/** The panel closed, until RouteDocs takes over; a click asks for it open. */
export function ClosedDocs({ route, onOpen }: { route: RouteInfo | undefined; onOpen: () => void }) {
  const disabled = route ? undefined : '';
  return (
    <div className="kite-docs" data-state="closed" data-disabled={disabled}>
      <button type="button" className="kite-docs-trigger" aria-expanded={false} data-state="closed" data-disabled={disabled} disabled={!route} onClick={onOpen}>
        <DocsHeading route={route} />
      </button>
      <div className="kite-docs-content" data-state="closed" data-disabled={disabled} hidden />
    </div>
  );
}

/** Whether the closed heading has the focus: RouteDocs, taking over, gives it to its own trigger. */
export const closedHeadingFocused = () => document.activeElement?.classList.contains('kite-docs-trigger') ?? false;
