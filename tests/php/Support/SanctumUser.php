<?php

namespace Kite\Tests\Support;

use App\Models\User;
use Laravel\Sanctum\HasApiTokens;

/** The fixture's user with Sanctum's tokens (loaded only where Sanctum is installed). */
class SanctumUser extends User
{
    use HasApiTokens;

    protected $table = 'users';
}
