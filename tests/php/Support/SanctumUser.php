<?php

namespace Kite\Tests\Support;

use App\Models\User;
use Laravel\Sanctum\HasApiTokens;

/** The fixture's user with Sanctum's tokens (loaded only where Sanctum is installed). */
class SanctumUser extends User
{
    use HasApiTokens;

    protected $table = 'users';

    /** Sanctum's own migration, as an app that installed it has run. */
    public static function createTokensTable(): void
    {
        \Illuminate\Support\Facades\Schema::create('personal_access_tokens', function ($table) {
            $table->id();
            $table->morphs('tokenable');
            $table->text('name');
            $table->string('token', 64)->unique();
            $table->text('abilities')->nullable();
            $table->timestamp('last_used_at')->nullable();
            $table->timestamp('expires_at')->nullable();
            $table->timestamps();
        });
    }
}
