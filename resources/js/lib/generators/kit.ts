// The generator kit: faker (English only) from its own lazily loaded chunk, the 48 generators on
// top of it, and the field-name rules. Each kit owns its faker instance, so seeding one (the
// request builder regenerating a payload from a shown seed) never disturbs another (the palette).
import type { Faker } from '@faker-js/faker';
import type { JsonSchema } from '../../../../protocol/types';
import { CATEGORIES } from './categories';
import { valueForField, type FieldValueSource } from './field-value';
import { createGenerators } from './generators';
import type { Category, Generator, GeneratorConfig, GeneratorId } from './types';
import { loadOnce } from '../idle';

export interface GeneratorKit {
  generators: readonly Generator[];
  categories: readonly Category[];
  /** A value from one generator; throws `GeneratorOptionError` for a bad option. */
  generate(id: GeneratorId, config?: GeneratorConfig): string;
  /** A sample value for a field, by its name and (optionally) its JSON Schema. */
  valueForField(fieldName: string, schema?: JsonSchema): unknown;
  /** Makes the sequence of values that follows repeatable: the same seed gives the same values. */
  seed(n: number): void;
}

/**
 * Relative dates (`date`, `datetime`, …) are drawn around this moment once a kit is seeded, so a
 * payload regenerated from its seed tomorrow is still the same payload.
 */
export const SEEDED_REFERENCE_DATE = '2025-01-01T00:00:00.000Z';

export function createGeneratorKit(faker: Faker): GeneratorKit {
  const generators = createGenerators(faker);
  const byId = new Map(generators.map((g) => [g.id, g]));
  const generate = (id: GeneratorId, config?: GeneratorConfig) => {
    const generator = byId.get(id);
    if (!generator) throw new Error(`Unknown generator: ${id}`);
    return generator.generate(config);
  };
  const source: FieldValueSource = { generate, pick: (items) => faker.helpers.arrayElement(items) };
  return {
    generators,
    categories: CATEGORIES,
    generate,
    valueForField: (fieldName, schema) => valueForField(source, fieldName, schema),
    seed(n) {
      faker.seed(n);
      faker.setDefaultRefDate(SEEDED_REFERENCE_DATE);
    },
  };
}

type FakerConstructor = new (options: { locale: Faker['rawDefinitions'] }) => Faker;

/** Starts loading the faker chunk without waiting for it (the palette calls this when idle). */
export const preloadFaker: () => Promise<Faker> = loadOnce(() => import('@faker-js/faker/locale/en').then((mod) => mod.faker));

export async function loadGeneratorKit(): Promise<GeneratorKit> {
  const shared = await preloadFaker();
  // A fresh instance with the same English definitions: its seed is its own.
  const Ctor = shared.constructor as FakerConstructor;
  return createGeneratorKit(new Ctor({ locale: shared.rawDefinitions }));
}
