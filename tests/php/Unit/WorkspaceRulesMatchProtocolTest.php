<?php

namespace Kite\Tests\Unit;

use Kite\Workspace\WorkspaceFolder;
use PHPUnit\Framework\TestCase;

/**
 * WorkspaceFolder keeps PHP copies of the saved-file rules of protocol/endpoints.js (PHP cannot import
 * it): the auth types and fields a request file may hold, the {{variable}}-only patterns that keep a
 * credential out of a file, and the "Send as…" identity patterns. This test reads the protocol module
 * with Node and fails when a copy drifts, so a rule changed in one host cannot leave the other behind.
 */
class WorkspaceRulesMatchProtocolTest extends TestCase
{
    /** @return array<string, mixed> the protocol's rules, as Node reads protocol/endpoints.js */
    private static function protocolRules(): array
    {
        $module = realpath(__DIR__.'/../../../protocol/endpoints.js');
        $script = 'const p = await import(process.argv[1]); console.log(JSON.stringify({'
            .'authTypes: p.SAVED_AUTH_TYPES, referenceFields: p.SAVED_AUTH_REFERENCE_FIELDS, plainFields: p.SAVED_AUTH_PLAIN_FIELDS,'
            .'variableReferences: p.VARIABLE_REFERENCES_PATTERN.source, userId: p.IDENTITY_USER_ID_PATTERN.source, token: p.IDENTITY_TOKEN_PATTERN.source }));';
        exec(implode(' ', array_map('escapeshellarg', ['node', '--input-type=module', '-e', $script, '--', 'file://'.$module])).' 2>&1', $output, $code);
        self::assertSame(0, $code, implode("\n", $output));

        return json_decode(implode("\n", $output), true, 16, JSON_THROW_ON_ERROR);
    }

    private static function constant(string $name): mixed
    {
        return (new \ReflectionClassConstant(WorkspaceFolder::class, $name))->getValue();
    }

    /** A PHP pattern's body: `/^x$/D` → `^x$`, to compare with a JavaScript RegExp's source. */
    private static function body(string $pattern): string
    {
        return substr($pattern, 1, strrpos($pattern, $pattern[0]) - 1);
    }

    public function test_the_saved_auth_rules_are_the_protocols(): void
    {
        $rules = self::protocolRules();

        $this->assertSame($rules['authTypes'], self::constant('AUTH_TYPES'));
        $this->assertSame($rules['referenceFields'], self::constant('AUTH_REFERENCE_FIELDS'));
        $this->assertSame($rules['plainFields'], self::constant('AUTH_PLAIN_FIELDS'));
        $this->assertSame($rules['variableReferences'], self::body(self::constant('VARIABLE_REFERENCES')));
    }

    public function test_the_identity_patterns_are_the_protocols(): void
    {
        $rules = self::protocolRules();
        $needs = self::constant('IDENTITY_NEEDS');

        $this->assertSame($rules['userId'], self::body($needs['user'][1]));
        $this->assertSame($rules['token'], self::body($needs['token'][1]));
    }
}
