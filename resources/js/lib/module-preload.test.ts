import { afterEach, describe, expect, it } from 'vitest';
import { builtChunkList, preloadModules } from './module-preload';

describe('builtChunkList', () => {
  it('names the files build.mjs wrote after the marker', () => {
    expect(builtChunkList('kite:chunks:viewer=chunks/A-1.js,chunks/chunk-B.js')).toEqual(['chunks/A-1.js', 'chunks/chunk-B.js']);
  });

  it('names none in unbuilt code (the bare marker)', () => {
    expect(builtChunkList('kite:chunks:viewer=')).toEqual([]);
  });
});

describe('preloadModules', () => {
  afterEach(() => document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove()));

  it('announces each file once, under the assets URL', () => {
    preloadModules(['chunks/A-1.js', 'chunks/B-2.js'], '/assets-x');
    preloadModules(['chunks/A-1.js'], '/assets-x');
    const hrefs = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/assets-x/chunks/A-1.js', '/assets-x/chunks/B-2.js']);
  });
});
