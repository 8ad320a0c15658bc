import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Toasts } from '../app/Toasts';
import { toast } from './toast';

// jsdom has no matchMedia; the theme (and sonner) ask it for the colour scheme.
beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} })) as unknown as typeof window.matchMedia;
});

describe('toasts with sonner loaded after start', () => {
  afterEach(cleanup);

  it('shows a toast asked for before sonner and its toaster were there', async () => {
    toast.error('HTTP error! status: 503', { description: 'early' });
    render(<Toasts theme="light" />);
    expect(await screen.findByText('HTTP error! status: 503', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('early')).toBeTruthy();
  });

  it('shows later toasts at once through the mounted toaster', async () => {
    render(<Toasts theme="light" />);
    await act(async () => {
      toast.success('Saved');
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
  });
});
