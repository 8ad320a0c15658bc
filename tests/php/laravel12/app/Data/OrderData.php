<?php

namespace App\Data;

use Spatie\LaravelData\Attributes\DataCollectionOf;
use Spatie\LaravelData\Attributes\Validation\Email;
use Spatie\LaravelData\Attributes\Validation\In;
use Spatie\LaravelData\Attributes\Validation\Max;
use Spatie\LaravelData\Attributes\Validation\Min;
use Spatie\LaravelData\Data;

/** A route's payload as a laravel-data object (RoutesTest: its properties become the body schema). */
class OrderData extends Data
{
    public function __construct(
        #[Max(80)]
        public string $customer,
        #[Email]
        public string $email,
        public AddressData $address,
        /** @var array<OrderLineData> */
        #[DataCollectionOf(OrderLineData::class)]
        public array $lines,
        #[In(['card', 'invoice'])]
        public string $payment,
        public bool $gift = false,
        #[Min(0)]
        public ?int $tip = null,
    ) {
    }
}
