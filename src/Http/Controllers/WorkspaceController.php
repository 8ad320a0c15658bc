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
            try {
                $content = json_decode((string) $request->getContent(), false, 512, JSON_THROW_ON_ERROR);
            } catch (\JsonException) {
                throw new WorkspaceError(422, 'INVALID_WORKSPACE_FILE', 'The file content is not valid JSON', 'content');
            }

            return $folder->write($file, $content);
        });
    }

    public function destroy(string $file): JsonResponse
    {
        return self::answer(static fn (WorkspaceFolder $folder) => $folder->delete($file));
    }

    private static function answer(\Closure $work): JsonResponse
    {
        try {
            $body = $work(new WorkspaceFolder((string) (config('kite.workspace') ?: base_path('.kite'))));
        } catch (WorkspaceError $error) {
            return $error->toResponse();
        }

        return new JsonResponse($body, 200, ['Cache-Control' => 'no-store'], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
    }
}
