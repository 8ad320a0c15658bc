<?php

namespace Kite\Workspace;

use Illuminate\Http\JsonResponse;
use Kite\Http\ErrorResponse;

/** A refusal of the workspace endpoints, answered in the protocol's error shape. */
class WorkspaceError extends \RuntimeException
{
    public function __construct(public int $status, public string $errorCode, string $message, public ?string $field = null)
    {
        parent::__construct($message);
    }

    public function toResponse(): JsonResponse
    {
        return ErrorResponse::make($this->status, $this->errorCode, $this->getMessage(), $this->field);
    }
}
