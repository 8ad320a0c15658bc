import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isActivePath, Link, NavLink, Redirect, Router, screenHref, screenPath, useRouter } from './router';

describe('screen paths', () => {
  it('are the URL path after the mount path, without a trailing slash, / for the mount path', () => {
    expect(screenPath('/http-client', '/http-client')).toBe('/');
    expect(screenPath('/http-client/', '/http-client')).toBe('/');
    expect(screenPath('/http-client/settings/', '/http-client')).toBe('/settings');
    expect(screenPath('/settings', '')).toBe('/settings');
    expect(screenPath('/', '')).toBe('/');
    expect(screenHref('/', '/http-client')).toBe('/http-client');
    expect(screenHref('/status', '/shop/http-client')).toBe('/shop/http-client/status');
    expect(screenHref('/', '')).toBe('/');
  });

  it('are active for their own link, and for links without `end` below them', () => {
    expect(isActivePath('/', '/', true)).toBe(true);
    expect(isActivePath('/settings', '/', true)).toBe(false);
    expect(isActivePath('/status/x', '/status', false)).toBe(true);
    expect(isActivePath('/status/x', '/status', true)).toBe(false);
    expect(isActivePath('/statuses', '/status', false)).toBe(false);
  });
});

function Where() {
  return <output>{useRouter().path}</output>;
}

describe('the router', () => {
  afterEach(() => {
    cleanup();
    window.history.replaceState(null, '', '/');
  });

  it('navigates in place on a plain click, marks the current link, and follows back and forward', () => {
    window.history.replaceState(null, '', '/kite');
    render(
      <Router basePath="/kite">
        <NavLink to="/" end className="nav">Home</NavLink>
        <NavLink to="/settings" className="nav">Settings</NavLink>
        <Where />
      </Router>,
    );
    const settings = screen.getByRole('link', { name: 'Settings' });
    expect(settings.getAttribute('href')).toBe('/kite/settings');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(settings);
    expect(window.location.pathname).toBe('/kite/settings');
    expect(screen.getByRole('status').textContent).toBe('/settings');
    expect(settings.getAttribute('aria-current')).toBe('page');
    expect(settings.className).toBe('nav active');

    act(() => {
      window.history.replaceState(null, '', '/kite');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('status').textContent).toBe('/');
  });

  it('leaves clicks that open a new tab to the browser', () => {
    window.history.replaceState(null, '', '/');
    render(
      <Router basePath="">
        <Link to="/status">Status</Link>
        <Where />
      </Router>,
    );
    const link = screen.getByRole('link', { name: 'Status' });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('/');
  });

  it('redirects by replacing the history entry', () => {
    window.history.replaceState(null, '', '/kite/nowhere');
    const length = window.history.length;
    render(
      <Router basePath="/kite">
        <Where />
        <Redirect to="/" />
      </Router>,
    );
    expect(window.location.pathname).toBe('/kite');
    expect(window.history.length).toBe(length);
    expect(screen.getByRole('status').textContent).toBe('/');
  });
});
