import { describe, expect, it } from 'vitest';
import type { SavedRequestFile } from '../../../../protocol/types';
import { exportTest } from './export-test';
import { jsonTemplate, pathSteps, testPlan } from './plan';

const saved = (patch: Partial<SavedRequestFile>): Partial<SavedRequestFile> => ({ name: 'Request', folder: '', method: 'GET', url: '/', auth: { type: 'none' }, ...patch });

describe('export to a framework test', () => {
  it('reads a JSON body with bare and quoted {{variables}}, and says when the text is not JSON', () => {
    expect(jsonTemplate('{"age": {{age}}, "name": "Dr {{name}}"}')).toEqual({
      kind: 'object',
      entries: [
        ['age', { kind: 'variable', name: 'age' }],
        ['name', { kind: 'text', pieces: [{ text: 'Dr ' }, { variable: 'name' }] }],
      ],
    });
    expect(jsonTemplate('{"a": "{{x}}"')).toBeUndefined();
  });

  it('turns JSONPaths into dot-path steps, and refuses what a dot path cannot say', () => {
    expect(pathSteps('$.data[0].id')).toEqual(['data', 0, 'id']);
    expect(pathSteps('$.items[*].name')).toEqual(['items', '*', 'name']);
    expect(pathSteps('$.items[-1]')).toBeNull();
    expect(pathSteps("$['a.b']")).toBeNull();
    expect(pathSteps('$..id')).toBeNull();
  });

  it('writes plain environment values in, and reads secrets, secret-looking names and missing values from KITE_VAR_', () => {
    const plan = testPlan(
      [saved({ url: '{{baseUrl}}/users/{{id}}', headers: [{ name: 'X-Api-Key', value: '{{apiKey}}', enabled: true }], auth: { type: 'bearer', token: '{{token}}' } })],
      { name: 'local', variables: { baseUrl: 'http://localhost', id: '7', apiKey: 'key-in-plain-sight', token: { value: '', secret: true } } },
    );
    expect(plan.variables).toEqual([
      { name: 'id', source: { kind: 'environment', value: '7' } },
      { name: 'apiKey', source: { kind: 'process', reason: 'secret' } },
      { name: 'token', source: { kind: 'process', reason: 'secret' } },
    ]);
    for (const format of ['phpunit', 'pest', 'node'] as const) {
      const { text } = exportTest([saved({ url: '/users', headers: [{ name: 'X-Api-Key', value: '{{apiKey}}', enabled: true }] })], format, 'Users', {
        name: 'local',
        variables: { apiKey: 'key-in-plain-sight' },
      });
      expect(text).not.toContain('key-in-plain-sight');
      expect(text).toContain('KITE_VAR_apiKey');
    }
  });

  it('carries a captured value to the next request as a PHP variable, and impersonation as actingAs', () => {
    const { text, fileName } = exportTest(
      [
        saved({ name: 'Create', method: 'POST', url: '/api/posts', body: { type: 'json', text: '{"title": "Hi"}' }, captures: [{ variable: 'post.id', source: 'body', path: '$.data.id', secret: false }] }),
        saved({ name: 'Show', url: '/api/posts/{post}', pathParams: { post: '{{post.id}}' }, auth: { type: 'impersonate', userId: '{{admin}}' }, assertions: [{ source: 'body', path: '$.data.title', operator: 'equals', expected: 'Hi' }] }),
      ],
      'phpunit',
      'Blog posts',
      { name: 'local', variables: { admin: '1' } },
    );
    expect(fileName).toBe('BlogPostsTest.php');
    expect(text).toContain('class BlogPostsTest extends TestCase');
    expect(text).toContain("$post_id = $response->json('data.id');");
    expect(text).toContain("$this->actingAs(User::find($admin));");
    expect(text).toContain("$response = $this->getJson('/api/posts/' . rawurlencode((string) $post_id));");
    expect(text).toContain("$response->assertJsonPath('data.title', 'Hi');");
  });

  it('says in the file what it could not export', () => {
    const { text, notes } = exportTest([saved({ name: 'Odd', assertions: [{ source: 'body', path: '$..id', operator: 'exists', expected: '' }] })], 'node', 'Odd');
    expect(notes).toEqual(['Odd: "$..id" is more than a framework\'s dot path: its assertion is left as a comment']);
    expect(text).toContain('// Not exported: $..id exists');
  });
});
