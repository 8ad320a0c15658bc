<?php

namespace Kite\Run;

use Kite\Trace\Secrets;

/**
 * A run written out as the Node CLI's reporters write it (resources/js/model/assertions: junit.ts,
 * json-report.ts, summary.ts): JUnit XML (one testsuite per file, one testcase per assertion,
 * failures with expected and actual), JSON, and the terminal summary. Nothing secret: expected
 * values as typed, secret values back to their `{{name}}` (redact), and the actual value of a
 * header or JSON key whose name looks secret masked.
 */
final class Reporters
{
    public const MASK = '••••••';

    /** @param  array<string, string>  $secrets  name => value */
    public function __construct(private array $secrets)
    {
    }

    public function addSecret(string $name, string $value): void
    {
        $this->secrets[$name] = $value;
    }

    public function redact(string $text): string
    {
        foreach ($this->secrets as $name => $value) {
            if (strlen($value) < 3) {
                continue;
            }
            $text = str_replace($value, '{{'.$name.'}}', $text);
            $encoded = rawurlencode($value);
            if ($encoded !== $value) {
                $text = str_replace($encoded, '{{'.$name.'}}', $text);
            }
        }

        return $text;
    }

    /** @return array{requests: int, assertions: int, passed: int, failed: int, errors: int} */
    public static function totals(array $report): array
    {
        $results = array_merge([], ...array_map(static fn ($run) => $run['results'], $report['requests']));
        $passed = count(array_filter($results, static fn ($result) => $result['passed']));

        return ['requests' => count($report['requests']), 'assertions' => count($results), 'passed' => $passed, 'failed' => count($results) - $passed, 'errors' => count(array_filter($report['requests'], static fn ($run) => isset($run['error'])))];
    }

    /** A result as a report shows it (report.ts reportedResult). */
    public function shown(array $result): array
    {
        $assertion = $result['assertion'];
        $key = $assertion['source'] === 'header' ? $assertion['path'] : ($assertion['source'] === 'body' && preg_match('/[\w-]+(?=\W*$)/', $assertion['path'], $match) === 1 ? $match[0] : '');
        $actual = $key !== '' && Secrets::isSecretName($key) && $result['actual'] !== Assertions::NONE ? self::MASK : $this->redact($result['actual']);

        return [
            'source' => $assertion['source'],
            'path' => $this->redact($assertion['path']),
            'operator' => $assertion['operator'],
            'expected' => $this->redact($assertion['expected']),
            'passed' => $result['passed'],
            'actual' => $actual,
            'message' => $result['passed'] ? $this->redact($result['message']) : $this->redact($result['actual'] === '' ? $result['message'] : str_replace($result['actual'], $actual, $result['message'])),
        ];
    }

    public function junit(array $report): string
    {
        $totals = self::totals($report);
        $lines = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            '<testsuites name="'.self::xml($report['name']).'" tests="'.($totals['assertions'] + $totals['errors']).'" failures="'.$totals['failed'].'" errors="'.$totals['errors'].'" time="'.self::seconds($report['durationMs']).'">',
        ];
        foreach (self::byFile($report) as $file => $runs) {
            $cases = [];
            $failures = 0;
            $errors = 0;
            $tests = 0;
            $time = 0.0;
            foreach ($runs as $run) {
                $time += $run['durationMs'];
                $classname = self::xml("{$run['method']} ".$this->redact($run['url']));
                $caseTime = self::seconds($run['durationMs']);
                if (isset($run['error'])) {
                    $errors++;
                    $tests++;
                    array_push($cases, "    <testcase classname=\"{$classname}\" name=\"".self::xml("{$run['name']}: response")."\" time=\"{$caseTime}\">", '      <error message="'.self::xml($this->redact($run['error'])).'" type="request"/>', '    </testcase>');

                    continue;
                }
                foreach ($run['results'] as $result) {
                    $tests++;
                    $shown = $this->shown($result);
                    $name = self::xml("{$run['name']}: ".Assertions::describe(['path' => $shown['path'], 'expected' => $shown['expected']] + $result['assertion']));
                    if ($result['passed']) {
                        $cases[] = "    <testcase classname=\"{$classname}\" name=\"{$name}\" time=\"{$caseTime}\"/>";

                        continue;
                    }
                    $failures++;
                    array_push(
                        $cases,
                        "    <testcase classname=\"{$classname}\" name=\"{$name}\" time=\"{$caseTime}\">",
                        '      <failure message="'.self::xml($shown['message']).'" type="assertion">'.self::xml("Expected: {$shown['expected']}\nActual: {$shown['actual']}\n{$shown['message']}").'</failure>',
                        '    </testcase>',
                    );
                }
            }
            $lines[] = '  <testsuite name="'.self::xml($file)."\" tests=\"{$tests}\" failures=\"{$failures}\" errors=\"{$errors}\" skipped=\"0\" timestamp=\"".self::xml($report['startedAt']).'" time="'.self::seconds($time).'">';
            array_push($lines, ...$cases);
            $lines[] = '  </testsuite>';
        }
        $lines[] = '</testsuites>';

        return implode("\n", $lines)."\n";
    }

    public function json(array $report): string
    {
        $document = [
            'name' => $report['name'],
            'startedAt' => $report['startedAt'],
            'durationMs' => (int) round($report['durationMs']),
            'totals' => self::totals($report),
            'requests' => array_map(fn ($run) => array_filter([
                'file' => $run['file'],
                'name' => $run['name'],
                'method' => $run['method'],
                'url' => $this->redact($run['url']),
                'status' => $run['status'] ?? null,
                'durationMs' => (int) round($run['durationMs']),
                'error' => isset($run['error']) ? $this->redact($run['error']) : null,
                'assertions' => array_map(fn ($result) => $this->shown($result), $run['results']),
            ], static fn ($value) => $value !== null), $report['requests']),
        ];
        if (($report['notUndone'] ?? []) !== []) {
            $document['notUndone'] = array_map(fn ($line) => $this->redact($line), $report['notUndone']);
        }

        return json_encode($document, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE)."\n";
    }

    public function summary(array $report): string
    {
        $lines = [];
        foreach ($report['requests'] as $run) {
            $answer = isset($run['error']) ? 'no answer: '.$this->redact($run['error']) : ($run['status'] ?? '').' in '.((int) round($run['durationMs'])).' ms';
            $lines[] = (Runner::failed($run) ? '✗' : '✓')." {$run['name']} — {$run['method']} ".$this->redact($run['url'])." — {$answer}";
            foreach ($run['results'] as $result) {
                if ($result['passed']) {
                    continue;
                }
                $shown = $this->shown($result);
                array_push($lines, '    ✗ '.Assertions::describe(['path' => $shown['path'], 'expected' => $shown['expected']] + $result['assertion']), '      expected '.($shown['expected'] !== '' ? $shown['expected'] : '(nothing)').", actual {$shown['actual']}", "      {$shown['message']}");
            }
        }
        $totals = self::totals($report);
        $lines[] = '';
        $lines[] = "{$totals['requests']} ".($totals['requests'] === 1 ? 'request' : 'requests').", {$totals['assertions']} assertions: {$totals['passed']} passed, {$totals['failed']} failed".($totals['errors'] ? ", {$totals['errors']} without an answer" : '').' ('.number_format($report['durationMs'] / 1000, 2).' s)';

        return implode("\n", $lines)."\n";
    }

    /** @return array<string, list<array>> runs by file, in the order each file first ran */
    private static function byFile(array $report): array
    {
        $groups = [];
        foreach ($report['requests'] as $run) {
            $groups[$run['file']][] = $run;
        }

        return $groups;
    }

    private static function seconds(float $ms): string
    {
        return number_format($ms / 1000, 3, '.', '');
    }

    /** Escaped for XML text and attributes; characters XML 1.0 cannot hold at all are left out. */
    private static function xml(string $text): string
    {
        $text = (string) preg_replace('/[\x{0}-\x{8}\x{B}\x{C}\x{E}-\x{1F}\x{FFFE}\x{FFFF}]/u', '', $text);

        return htmlspecialchars($text, ENT_QUOTES | ENT_XML1 | ENT_SUBSTITUTE, 'UTF-8');
    }
}
