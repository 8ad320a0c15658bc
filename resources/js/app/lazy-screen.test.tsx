import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen';

const Hello = () => <p>hello</p>;

describe('a lazily loaded screen', () => {
  afterEach(cleanup);

  it('renders at once, without the fallback, once preloaded', async () => {
    const Screen = lazyScreen(async () => ({ default: Hello }));
    await Screen.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('hello')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('shows the fallback until its chunk arrives when not preloaded', async () => {
    let arrive: (module: { default: typeof Hello }) => void = () => {};
    const Screen = lazyScreen(() => new Promise<{ default: typeof Hello }>((resolve) => (arrive = resolve)));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => arrive({ default: Hello }));
    expect(await screen.findByText('hello')).toBeTruthy();
  });

  it('loads its chunk once however often it is asked', async () => {
    let calls = 0;
    const Screen = lazyScreen(async () => {
      calls += 1;
      return { default: Hello };
    });
    await Promise.all([Screen.preload(), Screen.preload()]);
    expect(calls).toBe(1);
  });
});
