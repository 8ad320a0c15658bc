<?php

namespace App\Data;

use Spatie\LaravelData\Attributes\Validation\Min;
use Spatie\LaravelData\Data;

class OrderLineData extends Data
{
    public function __construct(
        public string $sku,
        #[Min(1)]
        public int $quantity,
    ) {
    }
}
