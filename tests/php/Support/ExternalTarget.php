<?php

namespace Kite\Tests\Support;

/**
 * A target outside the application for the tests of one class (tests/php/fixture/external under
 * `php -S`), allowed in kite.relay.allowed_urls for each test.
 */
trait ExternalTarget
{
    private static PhpServer $external;

    public static function setUpBeforeClass(): void
    {
        self::$external = new PhpServer(ScratchApp::fixturePath('external'), ScratchApp::fixturePath('external/index.php'), getenv());
    }

    public static function tearDownAfterClass(): void
    {
        self::$external->stop();
    }

    protected function allowExternalTarget(): void
    {
        config(['kite.relay.allowed_urls' => [self::$external->url()]]);
    }
}
