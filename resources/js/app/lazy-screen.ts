// A lazily loaded screen that renders at once when its chunk is already there. React.lazy always
// suspends on its first render, even for a loaded module, and React then holds the resolved screen
// back for up to 300 ms behind the fallback; a screen preloaded before the first render skips both.
import { createElement, lazy, type ComponentType } from 'react';

export interface LazyScreen {
  (): ReturnType<typeof createElement>;
  preload(): Promise<unknown>;
}

export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    return loading;
  };
  const Lazy = lazy(preload);
  const Screen = () => createElement(loaded ?? Lazy);
  Screen.preload = preload;
  return Screen;
}
