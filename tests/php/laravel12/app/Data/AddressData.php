<?php

namespace App\Data;

use Spatie\LaravelData\Attributes\Validation\Max;
use Spatie\LaravelData\Attributes\Validation\Regex;
use Spatie\LaravelData\Data;

class AddressData extends Data
{
    public function __construct(
        #[Max(100)]
        public string $street,
        #[Regex('/^\d{5}$/')]
        public string $zip,
    ) {
    }
}
