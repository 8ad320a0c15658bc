<?php

namespace Kite\Http\Controllers;

use Illuminate\Http\JsonResponse;
use Illuminate\Http\Request;
use Kite\Workspace\WorkspaceError;
use Kite\Workspace\WorkspaceFolder;

/**
 * GET {path}/api/workspace and GET / PUT / DELETE {path}/api/workspace/files/{file}: the saved
 * requests and environments of config('kite.workspace'). Writes go through VerifyXsrfToken.
 */
class WorkspaceController
{
    /** The protocol's WORKSPACE_MODIFIED_HEADER (protocol/endpoints.js). */
    private const MODIFIED_HEADER = 'X-Kite-Modified-Ms';

    public function index(): JsonResponse
    {
        return self::answer(static fn (WorkspaceFolder $folder) => $folder->list());
    }

    public function show(string $file): JsonResponse
    {
        return self::answer(static fn (WorkspaceFolder $folder) => $folder->read($file));
    }

    public function update(Request $request, string $file): JsonResponse
    {
        return self::answer(static function (WorkspaceFolder $folder) use ($request, $file) {
            $modifiedMs = self::modifiedMsAsRead($request);
            $body = (string) $request->getContent();
            if (strlen($body) > WorkspaceFolder::MAX_FILE_BYTES) {
                throw new WorkspaceError(413, 'INVALID_WORKSPACE_FILE', 'A workspace file is at most 2 MB');
            }
            try {
                $content = json_decode($body, false, WorkspaceFolder::MAX_DEPTH, JSON_THROW_ON_ERROR);
            } catch (\JsonException $error) {
                $tooDeep = $error->getCode() === JSON_ERROR_DEPTH;
                throw new WorkspaceError(422, 'INVALID_WORKSPACE_FILE', $tooDeep ? 'The file content nests deeper than '.WorkspaceFolder::MAX_DEPTH.' levels' : 'The file content is not valid JSON', 'content');
            }

            return $folder->write($file, $content, $modifiedMs);
        });
    }

    public function destroy(string $file): JsonResponse
    {
        return self::answer(static fn (WorkspaceFolder $folder) => $folder->delete($file));
    }

    /** The save's precondition (the protocol's WORKSPACE_MODIFIED_HEADER), or null when it has none. */
    private static function modifiedMsAsRead(Request $request): ?int
    {
        $value = $request->headers->get(self::MODIFIED_HEADER);
        if ($value === null) {
            return null;
        }
        if (preg_match('/^\d{1,15}$/D', $value) !== 1) {
            throw new WorkspaceError(422, 'INVALID_WORKSPACE_FILE', self::MODIFIED_HEADER.' is the modifiedMs the file was read with, a whole number of ms', self::MODIFIED_HEADER);
        }

        return (int) $value;
    }

    private static function answer(\Closure $work): JsonResponse
    {
        try {
            $body = $work(app(WorkspaceFolder::class));
        } catch (WorkspaceError $error) {
            return $error->toResponse();
        }

        return new JsonResponse($body, 200, ['Cache-Control' => 'no-store'], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
    }
}
