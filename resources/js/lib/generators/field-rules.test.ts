import { describe, expect, it } from 'vitest';
import { FIELD_RULES, matchFieldRule, normalizeFieldName } from './field-rules';
import type { GeneratorConfig, GeneratorId } from './types';

const capitalize = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** The four ways a field name arrives: first_name, firstName, first-name, First Name. */
function spellings(words: string[]): string[] {
  return [
    words.join('_'),
    words[0] + words.slice(1).map(capitalize).join(''),
    words.join('-'),
    words.map(capitalize).join(' '),
  ];
}

type Expectation = [words: string[], generator: GeneratorId, config?: GeneratorConfig];

/** Every row of the spec's table, with the name spelled as one or more words. */
const TABLE: Expectation[] = [
  [['first', 'name'], 'first-name'],
  [['last', 'name'], 'last-name'],
  [['full', 'name'], 'full-name'],
  [['name'], 'full-name'],
  [['display', 'name'], 'full-name'],
  [['job', 'title'], 'job-title'],
  [['bio'], 'bio'],
  [['age'], 'int', { min: 1, max: 100 }],
  [['email'], 'email'],
  [['phone'], 'phone'],
  [['mobile'], 'mobile'],
  [['address'], 'address'],
  [['shipping', 'address'], 'address'],
  [['city'], 'city'],
  [['state'], 'state'],
  [['country'], 'country'],
  [['zip'], 'zip-code'],
  [['zip', 'code'], 'zip-code'],
  [['postal', 'code'], 'zip-code'],
  [['amount'], 'amount'],
  [['price'], 'amount'],
  [['cost'], 'amount'],
  [['value'], 'amount'],
  [['total'], 'amount'],
  [['currency'], 'currency'],
  [['account'], 'account'],
  [['iban'], 'iban'],
  [['cvv'], 'int', { min: 100, max: 999 }],
  [['card', 'number'], 'credit-card-number'],
  [['credit', 'card', 'number'], 'credit-card-number'],
  [['url'], 'url'],
  [['domain'], 'domain'],
  [['username'], 'username'],
  [['user', 'name'], 'username'],
  [['password'], 'password'],
  [['image'], 'dataUri'],
  [['file'], 'dataUri'],
  [['company'], 'company-name'],
  [['catch', 'phrase'], 'catch-phrase'],
  [['buzzword'], 'bs'],
  [['uuid'], 'uuid'],
  [['id'], 'uuid'],
  [['user', 'id'], 'uuid'],
  [['code'], 'alphanumeric'],
  [['token'], 'alphanumeric'],
  [['key'], 'alphanumeric'],
  [['date'], 'date'],
  [['datetime'], 'datetime'],
  [['date', 'time'], 'datetime'],
  [['timestamp'], 'timestamp'],
  [['time'], 'time'],
  [['year'], 'int', { min: 1, max: 3000 }],
  [['month'], 'int', { min: 1, max: 12 }],
  [['day'], 'int', { min: 1, max: 31 }],
  [['word'], 'word'],
  [['tags'], 'words-separated'],
  [['sentence'], 'sentence'],
  [['text'], 'sentence'],
  [['description'], 'sentence'],
  [['paragraph'], 'sentence'],
  [['content'], 'sentence'],
  [['body'], 'sentence'],
  [['message'], 'sentence'],
  [['slug'], 'slug'],
  [['page'], 'int', { min: 1, max: 99 }],
  [['is', 'active'], 'boolean-as-string'],
  [['has', 'children'], 'boolean-as-string'],
  [['was', 'notified'], 'boolean-as-string'],
  [['per', 'page'], 'int', { min: 25, max: 100 }],
];

describe('field-name rules', () => {
  it('normalises every spelling of a name to lowercase words', () => {
    for (const name of spellings(['first', 'name'])) expect(normalizeFieldName(name)).toBe('first name');
    expect(normalizeFieldName('userID')).toBe('user id');
    expect(normalizeFieldName('HTTPStatusCode')).toBe('http status code');
    expect(normalizeFieldName('user[address][city]')).toBe('city');
    expect(normalizeFieldName('items.0.price')).toBe('price');
    expect(normalizeFieldName('items.*.unit_price')).toBe('unit price');
  });

  describe.each(TABLE)('%j', (words, generator, config) => {
    it(`selects ${generator}${config ? ` ${config.min} to ${config.max}` : ''} for every spelling`, () => {
      const names = [...spellings(words), ...spellings(['my', ...words]).filter(() => words[0] !== 'is' && words[0] !== 'has' && words[0] !== 'was')];
      for (const name of names) {
        const rule = matchFieldRule(name);
        expect(rule?.generator, name).toBe(generator);
        if (config) {
          expect(rule?.config, name).toEqual(config);
          expect(rule?.integer, name).toBe(true);
        } else {
          expect(rule?.integer, name).toBeFalsy();
        }
      }
    });
  });

  it('matches case-insensitively', () => {
    expect(matchFieldRule('EMAIL')?.generator).toBe('email');
    expect(matchFieldRule('FIRST_NAME')?.generator).toBe('first-name');
  });

  it('also accepts two words written together', () => {
    expect(matchFieldRule('firstname')?.generator).toBe('first-name');
    expect(matchFieldRule('perpage')?.generator).toBe('int');
    expect(matchFieldRule('perpage')?.config).toEqual({ min: 25, max: 100 });
  });

  describe('more specific patterns win', () => {
    it.each([
      ['first_name', 'first-name'],
      ['last_name', 'last-name'],
      ['company_name', 'company-name'],
      ['domain_name', 'domain'],
      ['created_datetime', 'datetime'],
      ['startDateTime', 'datetime'],
      ['event_timestamp', 'timestamp'],
      ['card_number', 'credit-card-number'],
      ['account_number', 'account'],
      ['email_address', 'email'],
      ['mobile_phone', 'mobile'],
      ['currency_code', 'currency'],
      ['zip_code', 'zip-code'],
      ['company_id', 'uuid'],
      ['countryId', 'uuid'],
      ['file-id', 'uuid'],
      ['image_url', 'url'],
      ['is_email_verified', 'boolean-as-string'],
      ['password_confirmation', 'password'],
      ['buzzwords', 'bs'],
    ] as const)('%s gives %s', (name, generator) => {
      expect(matchFieldRule(name)?.generator).toBe(generator);
    });

    it('per_page gives 25 to 100 while page gives 1 to 99', () => {
      expect(matchFieldRule('per_page')?.config).toEqual({ min: 25, max: 100 });
      expect(matchFieldRule('page')?.config).toEqual({ min: 1, max: 99 });
    });
  });

  it('anything ending in -id, _id or Id gives a uuid', () => {
    for (const name of ['post-id', 'post_id', 'postId', 'Post ID', 'parentUUID']) expect(matchFieldRule(name)?.generator, name).toBe('uuid');
  });

  it('only whole words count: is/has/was must be a prefix word, and page is not age', () => {
    expect(matchFieldRule('issue')).toBeUndefined();
    expect(matchFieldRule('hash')?.generator).toBeUndefined();
    expect(matchFieldRule('wash')).toBeUndefined();
    expect(matchFieldRule('page')?.config).toEqual({ min: 1, max: 99 });
    expect(matchFieldRule('usage')).toBeUndefined();
    expect(matchFieldRule('paid')).toBeUndefined();
    expect(matchFieldRule('title')).toBeUndefined();
    expect(matchFieldRule('')).toBeUndefined();
  });

  it('beyond the table: created_at gives a datetime and country_code a country code', () => {
    expect(matchFieldRule('created_at')?.generator).toBe('datetime');
    expect(matchFieldRule('emailVerifiedAt')?.generator).toBe('datetime');
    expect(matchFieldRule('country_code')?.generator).toBe('country-geocode');
  });

  it('every rule has a label and every range rule is a whole-number rule', () => {
    for (const rule of FIELD_RULES) {
      expect(rule.label).toMatch(/\S/);
      if (rule.integer) expect(rule.generator).toBe('int');
    }
  });
});
