<?php

namespace Kite\Relay;

use Illuminate\Http\JsonResponse;
use Kite\Http\ErrorResponse;
use RuntimeException;

/** A relay call that cannot be carried out; becomes the protocol's error body. */
final class RelayError extends RuntimeException
{
    public function __construct(public readonly int $status, public readonly string $errorCode, string $message, public readonly ?string $field = null)
    {
        parent::__construct($message);
    }

    public static function invalid(string $field, string $message): self
    {
        return new self(422, 'INVALID_RELAY_REQUEST', $message, $field);
    }

    public function toResponse(): JsonResponse
    {
        return ErrorResponse::make($this->status, $this->errorCode, $this->getMessage(), $this->field);
    }
}
