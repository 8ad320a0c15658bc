// The generator palette (lazy chunk): search, category tabs, a 'Recent' group and one group per
// category. Choosing a generator writes its value into the input the palette was opened for, or
// copies it to the clipboard when there was none. The list renders from the catalog at once; faker
// is only needed to generate, and is fetched as the palette opens.
import '../../../css/palette.lazy.css';
import { DialogFrame } from '../../components/DialogFrame';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Search } from 'lucide-react';
import { memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from '../../lib/toast';
import { CATEGORIES } from '../../lib/generators/categories';
import type { GeneratorMeta } from '../../lib/generators/types';
import { type PaletteOpenRequest, valueTargetOf } from '../../lib/palette-command';
import {
  clearFilterAtom,
  filteredGeneratorsAtom,
  focusedInputAtom,
  recentGeneratorsAtom,
  rememberGeneratorAtom,
  searchQueryAtom,
  selectedCategoryAtom,
  toggleCategoryAtom,
} from './atoms';
import { CategoryTabs } from './CategoryTabs';
import { copyText } from '../../lib/clipboard';
import { flattenGroups, groupGenerators, moveActive, optionDomId, resolveActive } from './filter';
import { FALLBACK_ICON, GENERATOR_ICONS } from './icons';
import { generatorConfigFromInput } from './input-options';
import { PALETTE } from './constants';
import { paletteKit } from './palette-kit';
import { placePanel, placementStyle, type Placement } from '../../lib/placement';
import { restoreFilter } from './restore';
import { readSelection, writeValue, type Selection } from './write-value';

export const EMPTY_STATE_TEXT = 'No generators found. Try a different search query.';
export const SHIFT_HINT = 'Press Shift twice to open this command';
export const NAVIGATION_HINT = 'Use ↑↓ to navigate, Enter to select, Esc to close';

/** Starts fetching faker (the host calls this when the browser is idle). */
export function preloadGeneratorKit(): Promise<unknown> {
  return paletteKit();
}

/** The palette's width: a medium card (`--kite-card-md`), never wider than the viewport allows. */
function paletteWidth(): number {
  const root = document.documentElement;
  const raw = getComputedStyle(root).getPropertyValue('--kite-card-md').trim();
  const rootFont = parseFloat(getComputedStyle(root).fontSize) || 16;
  const card = raw.endsWith('rem') ? parseFloat(raw) * rootFont : parseFloat(raw) || 448;
  return Math.min(card, window.innerWidth - 16);
}

function currentPlacement(request: PaletteOpenRequest): Placement {
  const input = request.input?.isConnected ? request.input : null;
  const rect = input ? (valueTargetOf(input)?.anchor?.() ?? input.getBoundingClientRect()) : null;
  return placePanel(rect, { width: window.innerWidth, height: window.innerHeight }, paletteWidth(), PALETTE);
}

/** Long values (a data URI) are cut in the toast; the clipboard holds all of it. */
const preview = (value: string) => (value.length > 120 ? `${value.slice(0, 117)}…` : value);

const categoryIcon = new Map(CATEGORIES.map((c) => [c.id, c.icon]));

interface OptionRowProps {
  domId: string;
  generator: GeneratorMeta;
  active: boolean;
  onHover(domId: string): void;
  onChoose(generator: GeneratorMeta): void;
}

/** One generator in the list; memoised so a keystroke re-renders only the rows that change. */
const OptionRow = memo(function OptionRow({ domId, generator, active, onHover, onChoose }: OptionRowProps) {
  const Icon = GENERATOR_ICONS[generator.icon ?? categoryIcon.get(generator.category.id)!] ?? FALLBACK_ICON;
  return (
    <div
      id={domId}
      role="option"
      aria-label={generator.name}
      aria-describedby={`${domId}-description`}
      aria-selected={active}
      className="kite-palette-option"
      onPointerMove={() => !active && onHover(domId)}
      // Keep the focus in the search box.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(generator)}
    >
      <Icon size={16} aria-hidden="true" className="kite-palette-option-icon" />
      <span className="kite-palette-option-name">{generator.name}</span>
      <span id={`${domId}-description`} className="kite-palette-option-description">
        {generator.description}
      </span>
    </div>
  );
});

interface GeneratorPaletteProps {
  request: PaletteOpenRequest;
  open: boolean;
  onClose(): void;
}

export default function GeneratorPalette({ request, open, onClose }: GeneratorPaletteProps) {
  const [search, setSearch] = useAtom(searchQueryAtom);
  const [category, setCategory] = useAtom(selectedCategoryAtom);
  const recent = useAtomValue(recentGeneratorsAtom);
  const filtered = useAtomValue(filteredGeneratorsAtom);
  const setFocusedInput = useSetAtom(focusedInputAtom);
  const remember = useSetAtom(rememberGeneratorAtom);
  const toggleCategory = useSetAtom(toggleCategoryAtom);
  const clearFilter = useSetAtom(clearFilterAtom);

  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const selection = useRef<Selection | null>(null);
  const busy = useRef(false);
  const [placement, setPlacement] = useState<Placement>(() => currentPlacement(request));
  const [activeId, setActiveId] = useState<string | null>(null);
  const listboxId = useId();

  // Each opening: remember its input (how it was opened is kept per input by lib/palette-command), restore the filter, place the palette, fetch faker.
  useLayoutEffect(() => {
    const restored = restoreFilter({ search, category }, { search: request.search, category: null });
    setSearch(restored.search);
    setCategory(restored.category);
    setFocusedInput(request.input);
    selection.current = request.input ? readSelection(request.input) : null;
    setPlacement(currentPlacement(request));
    setActiveId(null);
    paletteKit().catch(() => {
      // reported when a generator is chosen
    });
    // Only a new opening restores; typing must not re-run this, hence `request` alone.
  }, [request]);

  useEffect(() => {
    if (!open) return undefined;
    const onResize = () => setPlacement(currentPlacement(request));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [open, request]);

  const groups = useMemo(() => groupGenerators(filtered, recent, CATEGORIES), [filtered, recent]);
  const options = useMemo(() => flattenGroups(groups), [groups]);
  const active = resolveActive(options, activeId);

  // Only keyboard moves scroll the active option into view; a new filter starts at the top (set in
  // the event, before React changes the DOM, so it costs no extra layout).
  const scrollToActive = useRef(false);
  useEffect(() => {
    if (!active || !scrollToActive.current) return;
    scrollToActive.current = false;
    listRef.current?.querySelector(`[id="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);
  const toTop = () => {
    if (listRef.current) listRef.current.scrollTop = 0;
  };

  const choose = async (generator: GeneratorMeta) => {
    if (busy.current) return;
    busy.current = true;
    try {
      const kit = await paletteKit();
      const input = request.input?.isConnected ? request.input : null;
      const value = kit.generate(generator.id, generatorConfigFromInput(input, generator));
      remember(generator.id);
      if (input) {
        writeValue(input, value, selection.current, generator.id);
      } else if (await copyText(value)) {
        toast.success('Value copied to the clipboard', { description: preview(value) });
      } else {
        toast.error('Could not copy to the clipboard', { description: preview(value) });
      }
      onClose();
    } catch (error) {
      // A bad option (or a failed download): say so and stay open, so the user can pick again.
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      busy.current = false;
    }
  };

  // Rows are memoised; they call the latest `choose` through a stable function.
  const chooseRef = useRef(choose);
  chooseRef.current = choose;
  const chooseLatest = useCallback((generator: GeneratorMeta) => void chooseRef.current(generator), []);

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return; // Enter that confirms an IME composition is not a choice
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      scrollToActive.current = true;
      setActiveId(moveActive(options, active, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options.find((o) => o.domId === active);
      if (option) void choose(option.generator);
    }
  };

  const showShiftHint = request.method !== 'double-shift';
  const input = request.input;

  return (
    <DialogFrame
      open={open}
      variant="bare"
      titleHidden
      title="Generate a value"
      className="kite-palette"
      initialFocus={searchRef}
      contentProps={{
        'data-placement': placement.kind,
        style: placementStyle(placement),
        onCloseAutoFocus: (event) => {
          if (input?.isConnected) {
            event.preventDefault();
            input.focus({ preventScroll: true });
          }
        },
      }}
      onClose={onClose}
    >
      <div className="kite-palette-search">
        <Search size={16} aria-hidden="true" />
        <input
          ref={searchRef}
          role="combobox"
          aria-label="Search generators"
          aria-expanded="true"
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={active ?? undefined}
          placeholder="Search generators..."
          autoComplete="off"
          spellCheck={false}
          value={search}
          onChange={(event) => {
            toTop();
            setSearch(event.target.value);
          }}
          onKeyDown={onSearchKeyDown}
        />
      </div>
      <CategoryTabs
        categories={CATEGORIES}
        selected={category}
        onToggle={(id) => {
          toTop();
          toggleCategory(id);
        }}
        onLeave={() => searchRef.current?.focus()}
      />
      <div ref={listRef} id={listboxId} role="listbox" aria-label="Generators" className="kite-palette-list">
        {groups.map((group) => (
          <div key={group.id} role="group" aria-labelledby={`${listboxId}-${group.id}`} className="kite-palette-group">
            <div id={`${listboxId}-${group.id}`} className="kite-palette-group-heading" role="presentation">
              {group.name}
            </div>
            {group.items.map((generator) => {
              const domId = optionDomId(group.id, generator.id);
              return <OptionRow key={domId} domId={domId} generator={generator} active={domId === active} onHover={setActiveId} onChoose={chooseLatest} />;
            })}
          </div>
        ))}
      </div>
      {options.length === 0 && (
        <div className="kite-palette-empty" role="status">
          <p>{EMPTY_STATE_TEXT}</p>
          {(search !== '' || category !== null) && (
            <button type="button" className="kite-button" data-variant="ghost" onClick={() => clearFilter()}>
              Clear search and category
            </button>
          )}
        </div>
      )}
      <footer className="kite-palette-footer">
        {showShiftHint && <span>{SHIFT_HINT}</span>}
        <span>{NAVIGATION_HINT}</span>
      </footer>
    </DialogFrame>
  );
}
