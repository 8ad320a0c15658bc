<?php

namespace Kite\Tests\Unit;

use Kite\Trace\Secrets;
use Kite\Trace\SqlColumns;
use PHPUnit\Framework\TestCase;

class SecretsTest extends TestCase
{
    public function test_names_that_hold_credentials_look_secret_in_any_case_or_separator(): void
    {
        // The examples the app's resources/js/model/workspace/secret-names.ts is tested against too.
        $examples = json_decode(file_get_contents(__DIR__.'/../../../protocol/secret-names.json'), true)['examples'];
        foreach ($examples['secret'] as $name) {
            $this->assertTrue(Secrets::isSecretName($name), "{$name} looks secret");
        }
        foreach ([...$examples['notSecret'], 0] as $name) {
            $this->assertFalse(Secrets::isSecretName($name), "{$name} does not look secret");
        }
    }

    public function test_values_under_secret_names_are_masked_at_any_depth_and_counted(): void
    {
        $masked = 0;
        $this->assertSame(
            ['user' => 'ada', 'credentials' => '********', 'list' => [['otp' => '********', 'n' => 1]], 'token' => null],
            Secrets::mask(['user' => 'ada', 'credentials' => ['user' => 'u', 'key' => 'k'], 'list' => [['otp' => '1234', 'n' => 1]], 'token' => null], $masked)
        );
        $this->assertSame(2, $masked, 'a missing value is not counted as masked');
    }

    public function test_each_placeholder_is_placed_on_its_column(): void
    {
        $this->assertSame(['name', 'password', 'name', 'password'], SqlColumns::ofPlaceholders('insert into "users" ("name", "password") values (?, ?), (?, ?)'));
        $this->assertSame(['password', 'remember_token', 'id'], SqlColumns::ofPlaceholders('update `users` set `password` = ?, `remember_token` = ? where `users`.`id` = ?'));
        $this->assertSame(['email', 'password', 'password', 'id', 'id', 'id', 'created_at', 'created_at', null], SqlColumns::ofPlaceholders(
            "select * from [users] where [email] like ? and (password = ? or password <> ?) and id in (?, ?) and not id = ? and created_at between ? and ? and note = 'a ? b' limit ?"
        ));
        $this->assertSame([null], SqlColumns::ofPlaceholders('select ?'));
    }
}
