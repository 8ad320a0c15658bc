// Reading values out of another tool's parsed JSON or YAML, whatever it holds. Pure.
import { isRecord } from '../is-record';

export type Json = Record<string, unknown>;

/** A string, a number or a boolean as text; anything else as ''. */
export const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');

/** The objects of an array; [] for anything else. */
export const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isRecord) : []);
