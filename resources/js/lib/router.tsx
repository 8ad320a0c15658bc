// Kite's screens are three paths under the mount path; this is all the routing they need: the
// current screen path from the History API, links that navigate without reloading the page, and a
// redirect. (react-router did the same for ~15 KB gzip and ~10 ms of start-up.)
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode, type Ref } from 'react';

interface RouterValue {
  /** The screen path: the part of the URL path after the mount path, `/` for the main screen. */
  path: string;
  basePath: string;
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

const RouterContext = createContext<RouterValue | null>(null);

/** The screen path of a URL path under `basePath`: no trailing slash, `/` for the mount path itself. */
export function screenPath(pathname: string, basePath: string): string {
  const inside = basePath && (pathname === basePath || pathname.startsWith(`${basePath}/`)) ? pathname.slice(basePath.length) : pathname;
  const trimmed = inside.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The URL path of a screen path under `basePath`. */
export function screenHref(to: string, basePath: string): string {
  return to === '/' ? basePath || '/' : `${basePath}${to}`;
}

/** Whether a screen link to `to` is the current screen (`end`: the path must match exactly). */
export function isActivePath(path: string, to: string, end: boolean): boolean {
  if (path === to) return true;
  return !end && to !== '/' && path.startsWith(`${to}/`);
}

export function Router({ basePath, children }: { basePath: string; children: ReactNode }) {
  const [path, setPath] = useState(() => screenPath(window.location.pathname, basePath));
  useEffect(() => {
    const onPopState = () => setPath(screenPath(window.location.pathname, basePath));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [basePath]);
  const navigate = useCallback(
    (to: string, options?: { replace?: boolean }) => {
      const href = screenHref(to, basePath);
      if (options?.replace) window.history.replaceState(null, '', href);
      else if (href !== window.location.pathname) window.history.pushState(null, '', href);
      setPath(screenPath(href, basePath));
    },
    [basePath],
  );
  const value = useMemo(() => ({ path, basePath, navigate }), [path, basePath, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useRouter needs a <Router> above it');
  return router;
}

/** A click the page should handle itself: a plain primary click, not one that opens a new tab. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && (!target || target === '_self');
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; ref?: Ref<HTMLAnchorElement> };

/** A link to a screen: a real `href` (new tabs, copying), navigation in place on a plain click. */
export function Link({ to, onClick, ...props }: LinkProps) {
  const { basePath, navigate } = useRouter();
  return (
    <a
      {...props}
      href={screenHref(to, basePath)}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}

/** A Link that says when it is the current screen: `aria-current="page"` and the class `active`. */
export function NavLink({ end = false, className, ...props }: LinkProps & { end?: boolean }) {
  const { path } = useRouter();
  const active = isActivePath(path, props.to, end);
  return <Link {...props} className={[className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined} aria-current={active ? 'page' : undefined} />;
}

/** Replaces the current screen path with `to` as soon as it renders. */
export function Redirect({ to }: { to: string }) {
  const { navigate } = useRouter();
  useLayoutEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}
