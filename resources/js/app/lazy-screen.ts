// A lazily loaded screen (or a lazy part of one) that renders at once when its chunk is already
// there. React.lazy always suspends on its first render, even for a loaded module, and React then
// holds the resolved screen back for up to 300 ms behind the fallback; a screen preloaded before the
// first render skips both.
import { createElement, lazy, type ComponentType } from 'react';

export interface LazyScreen<Props extends object = object> {
  (props: Props): ReturnType<typeof createElement>;
  preload(): Promise<unknown>;
}

export function lazyScreen<Props extends object = object>(load: () => Promise<{ default: ComponentType<Props> }>): LazyScreen<Props> {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<{ default: ComponentType<Props> }> | null = null;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    return loading;
  };
  const Lazy = lazy(preload);
  const Screen = (props: Props) => createElement(loaded ?? (Lazy as unknown as ComponentType<Props>), props);
  Screen.preload = preload;
  return Screen;
}
