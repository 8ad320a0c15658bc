// The locale choices the `locale` generator picks from (spec §9).
export const LOCALE_CHOICES = [
  'en-us', 'en-gb', 'fr-fr', 'fr-br', 'de-de', 'es-es', 'it-it', 'nl', 'pt-pt', 'pt-br', 'zh-cn', 'zh-tw', 'ja-jp',
] as const;
