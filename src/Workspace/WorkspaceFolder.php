<?php

namespace Kite\Workspace;

/**
 * The workspace folder (config('kite.workspace'), default base_path('.kite')): saved requests and
 * environments as files, and folders' settings (`folders/NAME.json`: the auth a folder's requests
 * inherit). Only `environments/NAME.json`, `requests/NAME.json` and `folders/NAME.json` are touched (the
 * pattern of protocol/endpoints.js), never through a symbolic link, and only inside the folder.
 * Files are written as protocol/endpoints.js's workspaceFileText() writes them.
 */
class WorkspaceFolder
{
    // D: `$` is the end of the text, not also before a final newline ("requests/a.json\n").
    public const FILE_PATTERN = '#^(environments|requests|folders)/[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.json$#D';

    /** The protocol's WORKSPACE_MAX_FILE_BYTES (protocol/endpoints.js): a larger PUT is a 413. */
    public const MAX_FILE_BYTES = 2 * 1024 * 1024;

    /** The protocol's WORKSPACE_MAX_DEPTH: json_decode's depth, deeper content is a 422. */
    public const MAX_DEPTH = 512;

    /** protocol/endpoints.js SAVED_AUTH_TYPES: a relay's types, and `inherit` (the nearest folder's auth). */
    private const AUTH_TYPES = ['inherit', 'current-user', 'impersonate', 'none', 'bearer', 'basic', 'digest', 'api-key', 'oauth2'];

    /** protocol/endpoints.js SAVED_AUTH_REFERENCE_FIELDS and VARIABLE_REFERENCES_PATTERN. */
    private const AUTH_REFERENCE_FIELDS = ['token', 'username', 'password', 'userId', 'clientSecret'];

    /** protocol/endpoints.js SAVED_AUTH_PLAIN_FIELDS: where an API key goes, the OAuth client's public settings. */
    private const AUTH_PLAIN_FIELDS = ['scheme', 'keyIn', 'keyName', 'grant', 'tokenUrl', 'authorizationUrl', 'clientId', 'scope'];

    private const VARIABLE_REFERENCES = '/^(\s*\{\{\s*[A-Za-z0-9_.-]+\s*\}\})*\s*$/D';

    /** @var \Closure(string, string): (int|false) writes bytes to a new file: how many were written, false when it could not be made */
    private \Closure $writeFile;

    /** @param  (\Closure(string, string): (int|false))|null  $writeFile  how a file's bytes are written (a test fails it as a full disk would) */
    public function __construct(private string $root, ?\Closure $writeFile = null)
    {
        $this->root = rtrim($root, '/');
        $this->writeFile = $writeFile ?? self::writeNewFile(...);
    }

    public function list(): array
    {
        $files = [];
        foreach (['environments', 'requests', 'folders'] as $kind) {
            // A linked folder is not followed, as reads do not follow it: its files would not open.
            $folder = "{$this->root}/{$kind}";
            $names = is_dir($folder) && ! is_link($folder) ? (scandir($folder) ?: []) : [];
            sort($names);
            foreach ($names as $name) {
                $path = "{$kind}/{$name}";
                $file = "{$this->root}/{$path}";
                if (! self::isFilePath($path) || is_link($file) || ! is_file($file)) {
                    continue;
                }
                clearstatcache(true, $file);
                $files[] = ['path' => $path, 'size' => (int) filesize($file), 'modifiedMs' => (int) filemtime($file) * 1000];
            }
        }
        $reason = $this->readOnlyReason();

        return array_merge(['folder' => $this->shown(), 'writable' => $reason === null], $reason === null ? [] : ['readOnlyReason' => $reason], ['files' => $files]);
    }

    public function read(string $path): array
    {
        $file = $this->locate($path);
        if (! is_file($file)) {
            throw new WorkspaceError(404, 'NOT_FOUND', "There is no {$path} in the workspace");
        }
        try {
            $content = json_decode((string) file_get_contents($file), false, self::MAX_DEPTH, JSON_THROW_ON_ERROR);
        } catch (\JsonException $error) {
            throw new WorkspaceError(422, 'INVALID_WORKSPACE_FILE', "{$path} is not valid JSON: ".$error->getMessage(), 'path');
        }
        $problem = self::contentProblem($path, $content);
        if ($problem !== null) {
            throw new WorkspaceError(422, 'INVALID_WORKSPACE_FILE', "{$path}: {$problem}", 'path');
        }
        clearstatcache(true, $file);

        return ['path' => $path, 'modifiedMs' => (int) filemtime($file) * 1000, 'content' => $content];
    }

    /**
     * @param  mixed  $content  decoded with objects as stdClass, so `{}` stays an object
     * @param  int|null  $modifiedMs  the file's modifiedMs when the app read it: the save is refused
     *                                (409) when the file on disk is no longer that one
     */
    public function write(string $path, mixed $content, ?int $modifiedMs = null): array
    {
        $file = $this->locate($path);
        $problem = self::contentProblem($path, $content);
        if ($problem !== null) {
            throw new WorkspaceError(422, 'INVALID_WORKSPACE_FILE', $problem, 'content');
        }
        $this->assertWritable();
        if ($modifiedMs !== null) {
            $this->assertUnchanged($path, $file, $modifiedMs);
        }
        if (! is_dir(dirname($file)) && ! @mkdir(dirname($file), 0775, true) && ! is_dir(dirname($file))) {
            throw new WorkspaceError(403, 'WORKSPACE_READ_ONLY', 'The workspace is read-only: the folder '.dirname($path).' could not be made');
        }
        $this->locate($path);
        // Written beside and renamed, so a reader never sees half a file; what a failed write leaves
        // of it is removed, so a full disk does not fill up with NAME.json.<hex>.tmp files.
        $temporary = $file.'.'.bin2hex(random_bytes(6)).'.tmp';
        $bytes = self::fileText($content);
        $written = ($this->writeFile)($temporary, $bytes);
        if ($written !== strlen($bytes) || ! @rename($temporary, $file)) {
            @unlink($temporary);
            if (is_int($written) && $written < strlen($bytes)) {
                throw new WorkspaceError(507, 'WORKSPACE_DISK_FULL', "The disk holding the workspace is full: {$path} was not written");
            }
            throw new WorkspaceError(403, 'WORKSPACE_READ_ONLY', "The workspace is read-only: {$path} could not be written");
        }
        clearstatcache(true, $file);

        return ['path' => $path, 'modifiedMs' => (int) filemtime($file) * 1000, 'content' => $content];
    }

    public function delete(string $path): array
    {
        $file = $this->locate($path);
        if (! is_file($file)) {
            throw new WorkspaceError(404, 'NOT_FOUND', "There is no {$path} in the workspace");
        }
        $this->assertWritable();
        if (! @unlink($file)) {
            throw new WorkspaceError(403, 'WORKSPACE_READ_ONLY', "The workspace is read-only: {$path} could not be deleted");
        }

        return ['path' => $path, 'deleted' => true];
    }

    private function assertUnchanged(string $path, string $file, int $modifiedMs): void
    {
        clearstatcache(true, $file);
        if (! is_file($file)) {
            throw new WorkspaceError(409, 'WORKSPACE_CONFLICT', "{$path} was deleted on disk since it was read; nothing was written");
        }
        $onDisk = (int) filemtime($file) * 1000;
        if ($onDisk !== $modifiedMs) {
            throw new WorkspaceError(409, 'WORKSPACE_CONFLICT', "{$path} changed on disk since it was read (at ".gmdate('Y-m-d\TH:i:s.000\Z', intdiv($onDisk, 1000)).'); nothing was written');
        }
    }

    /**
     * Writes $bytes to a file that must not exist yet; how many bytes reached it (fewer than all:
     * the disk or the quota is full), or false when the file could not be made. Warnings are
     * silenced: a full disk is answered with a 507, not turned into an ErrorException's 500.
     */
    private static function writeNewFile(string $file, string $bytes): int|false
    {
        $handle = @fopen($file, 'xb');
        if ($handle === false) {
            return false;
        }
        $written = 0;
        while ($written < strlen($bytes)) {
            $step = @fwrite($handle, substr($bytes, $written));
            if ($step === false || $step === 0) {
                break;
            }
            $written += $step;
        }
        $flushed = @fflush($handle);
        $closed = @fclose($handle);

        return $flushed && $closed ? $written : 0;
    }

    public static function isFilePath(string $path): bool
    {
        return preg_match(self::FILE_PATTERN, $path) === 1 && ! str_contains($path, '..');
    }

    /** Sorted keys at every level, two-space indent, a final newline: the same bytes as the Node host. */
    public static function fileText(mixed $content): string
    {
        $json = json_encode(self::sorted($content), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR);

        return preg_replace_callback('/^(?: {4})+/m', static fn ($m) => str_repeat(' ', intdiv(strlen($m[0]), 2)), $json)."\n";
    }

    private static function sorted(mixed $value): mixed
    {
        if (is_array($value)) {
            return array_map([self::class, 'sorted'], $value);
        }
        if ($value instanceof \stdClass) {
            $properties = get_object_vars($value);
            ksort($properties, SORT_STRING);
            $result = new \stdClass();
            foreach ($properties as $key => $item) {
                $result->{$key} = self::sorted($item);
            }

            return $result;
        }

        return $value;
    }

    public static function contentProblem(string $path, mixed $content): ?string
    {
        if (! $content instanceof \stdClass) {
            return 'a workspace file holds one JSON object';
        }
        if (str_starts_with($path, 'folders/')) {
            // A folder's settings (FolderSettingsFile): the folder it is for ('' the workspace) and its auth.
            if (! isset($content->folder) || ! is_string($content->folder)) {
                return '"folder" must be the folder\'s name as requests give it ("" for the whole workspace)';
            }
            $extra = array_diff(array_keys(get_object_vars($content)), ['folder', 'auth']);
            if ($extra !== []) {
                return 'a folder\'s settings hold "folder" and "auth" only, not '.implode(', ', $extra);
            }

            return property_exists($content, 'auth') ? self::authProblem($content->auth) : '"auth" must be { "type": … }';
        }
        if (! isset($content->name) || ! is_string($content->name) || trim($content->name) === '') {
            return '"name" must be a non-empty string';
        }
        if (str_starts_with($path, 'environments/')) {
            if (! isset($content->variables) || ! $content->variables instanceof \stdClass) {
                return '"variables" must be an object of name: value';
            }
            foreach (get_object_vars($content->variables) as $name => $value) {
                if (is_string($value)) {
                    continue;
                }
                // A secret variable is named, never valued: { "value": "", "secret": true }.
                if ($value instanceof \stdClass && ($value->secret ?? null) === true) {
                    if (($value->value ?? null) !== '' || array_diff(array_keys(get_object_vars($value)), ['value', 'secret']) !== []) {
                        return "secret variable \"{$name}\" keeps no value in a file: { \"value\": \"\", \"secret\": true }";
                    }
                    continue;
                }

                return "variable \"{$name}\" must be a string, or { \"value\": \"\", \"secret\": true }";
            }

            return null;
        }
        if (! isset($content->method, $content->url) || ! is_string($content->method) || ! is_string($content->url)) {
            return '"method" and "url" must be strings';
        }
        if (property_exists($content, 'auth') && ($problem = self::authProblem($content->auth)) !== null) {
            return $problem;
        }
        if (property_exists($content, 'assertions') && ($problem = self::assertionsProblem($content->assertions)) !== null) {
            return $problem;
        }
        if (property_exists($content, 'identities')) {
            return self::identitiesProblem($content->identities);
        }

        return null;
    }

    /** protocol/endpoints.js IDENTITY_USER_ID_PATTERN and IDENTITY_TOKEN_PATTERN: a user by id or {{variable}}, a token only as a {{variable}}. */
    private const IDENTITY_NEEDS = [
        'user' => ['userId', '/^([A-Za-z0-9_-]+|\{\{\s*[A-Za-z0-9_.-]+\s*\}\})$/D', 'a plain id or a {{variable}}'],
        'token' => ['token', '/^\s*\{\{\s*[A-Za-z0-9_.-]+\s*\}\}\s*$/D', 'a {{variable}} reference, never the token itself'],
        'environment' => ['environment', '/\S/', 'an environment name'],
    ];

    /** A saved request's "Send as…" identities (SavedIdentity): a token is never written, only its {{variable}}. */
    private static function identitiesProblem(mixed $identities): ?string
    {
        if (! is_array($identities)) {
            return '"identities" must be an array';
        }
        foreach (array_values($identities) as $index => $identity) {
            $number = $index + 1;
            $fields = $identity instanceof \stdClass ? get_object_vars($identity) : [];
            $kind = $fields['kind'] ?? null;
            if (! in_array($kind, ['guest', 'current-user', 'user', 'token', 'environment'], true)) {
                return "identity {$number} must be { \"kind\": \"guest\" | \"current-user\" | \"user\" | \"token\" | \"environment\" }";
            }
            $need = self::IDENTITY_NEEDS[$kind] ?? null;
            $allowed = array_merge(['kind', 'expectStatus'], $need ? [$need[0]] : []);
            $extra = array_diff(array_keys($fields), $allowed);
            if ($extra !== []) {
                return "identity {$number} ({$kind}) keeps only ".implode(', ', $allowed).', not '.implode(', ', $extra);
            }
            if ($need && ! (is_string($fields[$need[0]] ?? null) && preg_match($need[1], $fields[$need[0]]) === 1)) {
                return "identity {$number}: \"{$need[0]}\" must be {$need[2]}";
            }
            $status = $fields['expectStatus'] ?? null;
            if (array_key_exists('expectStatus', $fields) && ! (is_int($status) && $status >= 100 && $status <= 599)) {
                return "identity {$number}: \"expectStatus\" must be an HTTP status (100-599)";
            }
        }

        return null;
    }

    /** A saved request's or folder's auth: its type, public settings, and {{variable}} references only, never a literal credential. */
    private static function authProblem(mixed $auth): ?string
    {
        if (! $auth instanceof \stdClass || ! in_array($auth->type ?? null, self::AUTH_TYPES, true)) {
            return '"auth" must be { "type": … }, the type one of '.implode(', ', self::AUTH_TYPES);
        }
        $extra = [];
        foreach (get_object_vars($auth) as $key => $value) {
            $reference = in_array($key, self::AUTH_REFERENCE_FIELDS, true) && is_string($value) && preg_match(self::VARIABLE_REFERENCES, $value) === 1;
            $plain = in_array($key, self::AUTH_PLAIN_FIELDS, true) && is_string($value);
            if ($key !== 'type' && ! $reference && ! $plain) {
                $extra[] = $key;
            }
        }

        return $extra === [] ? null : '"auth" keeps only its type and {{variable}} references; credentials ('.implode(', ', $extra).') never go into a file';
    }

    /** A saved request's Tests tab lines: each { source, path, operator, expected }, its operator one its source takes. */
    private static function assertionsProblem(mixed $assertions): ?string
    {
        if (! is_array($assertions)) {
            return '"assertions" must be an array';
        }
        $operators = self::assertionOperators();
        foreach (array_values($assertions) as $index => $line) {
            $number = $index + 1;
            $fields = $line instanceof \stdClass ? get_object_vars($line) : [];
            foreach (['source', 'path', 'operator', 'expected'] as $key) {
                if (! is_string($fields[$key] ?? null)) {
                    return "assertion {$number} must be { \"source\", \"path\", \"operator\", \"expected\" } with string values";
                }
            }
            if (! isset($operators[$fields['source']])) {
                return "assertion {$number}: \"source\" is one of ".implode(', ', array_keys($operators)).", not \"{$fields['source']}\"";
            }
            if (! in_array($fields['operator'], $operators[$fields['source']], true)) {
                return "assertion {$number}: {$fields['source']} takes ".implode(', ', $operators[$fields['source']]).", not \"{$fields['operator']}\"";
            }
        }

        return null;
    }

    /** @var array<string, list<string>>|null */
    private static ?array $assertionOperators = null;

    /**
     * Each assertion source's operators, read from the protocol's saved-request-file.schema.json
     * (whose list a protocol test holds equal to ASSERTION_OPERATORS in endpoints.js).
     *
     * @return array<string, list<string>>
     */
    private static function assertionOperators(): array
    {
        if (self::$assertionOperators === null) {
            $schema = json_decode((string) file_get_contents(dirname(__DIR__, 2).'/protocol/schemas/saved-request-file.schema.json'), true, 64, JSON_THROW_ON_ERROR);
            self::$assertionOperators = [];
            foreach ($schema['properties']['assertions']['items']['oneOf'] as $branch) {
                self::$assertionOperators[$branch['properties']['source']['const']] = $branch['properties']['operator']['enum'];
            }
        }

        return self::$assertionOperators;
    }

    private function locate(string $path): string
    {
        if (! self::isFilePath($path)) {
            throw new WorkspaceError(422, 'INVALID_WORKSPACE_PATH', "'{$path}' is not a workspace file: use environments/NAME.json, requests/NAME.json or folders/NAME.json", 'path');
        }
        $file = "{$this->root}/{$path}";
        foreach ([$this->root, dirname($file), $file] as $step) {
            if (is_link($step)) {
                $name = $step === $this->root ? 'the workspace folder' : substr($step, strlen($this->root) + 1);
                throw new WorkspaceError(422, 'INVALID_WORKSPACE_PATH', "{$name} is a symbolic link; Kite does not follow links in the workspace", 'path');
            }
        }

        return $file;
    }

    private function readOnlyReason(): ?string
    {
        $probe = $this->root;
        while (! file_exists($probe) && dirname($probe) !== $probe) {
            $probe = dirname($probe);
        }

        return is_writable($probe) ? null : 'The host has no write permission for '.($probe === $this->root ? $this->shown() : $probe);
    }

    private function assertWritable(): void
    {
        $reason = $this->readOnlyReason();
        if ($reason !== null) {
            throw new WorkspaceError(403, 'WORKSPACE_READ_ONLY', "The workspace is read-only: {$reason}");
        }
    }

    private function shown(): string
    {
        $base = rtrim(base_path(), '/').'/';

        return str_starts_with($this->root, $base) ? substr($this->root, strlen($base)) : $this->root;
    }
}
