<?php

namespace Kite\Trace;

/** Reads a mail message as Laravel's mailer sends it: Swift_Message (Laravel 8) or Symfony Email (9+). */
final class Mails
{
    /** @return array{to: list<string>, cc?: list<string>, bcc?: list<string>, from?: list<string>, subject: string, body: string} */
    public static function describe(object $message): array
    {
        $mail = ['to' => self::addresses($message, 'getTo')];
        foreach (['cc' => 'getCc', 'bcc' => 'getBcc', 'from' => 'getFrom'] as $key => $getter) {
            $addresses = self::addresses($message, $getter);
            if ($addresses !== []) {
                $mail[$key] = $addresses;
            }
        }
        $mail['subject'] = (string) (method_exists($message, 'getSubject') ? $message->getSubject() : '');
        $mail['body'] = self::body($message);

        return $mail;
    }

    /** @return list<string> */
    private static function addresses(object $message, string $getter): array
    {
        if (! method_exists($message, $getter)) {
            return [];
        }
        $list = [];
        foreach ((array) $message->$getter() as $key => $value) {
            if (is_object($value) && method_exists($value, 'toString')) {
                $list[] = $value->toString();           // Symfony Address
            } elseif (is_string($key)) {
                $list[] = is_string($value) && $value !== '' ? "{$value} <{$key}>" : $key;   // Swift: email => name
            } elseif (is_string($value)) {
                $list[] = $value;
            }
        }

        return $list;
    }

    private static function body(object $message): string
    {
        foreach (['getHtmlBody', 'getTextBody', 'getBody'] as $getter) {
            if (! method_exists($message, $getter)) {
                continue;
            }
            $body = $message->$getter();
            if (is_resource($body)) {
                $body = stream_get_contents($body);
            }
            if (is_string($body) && $body !== '') {
                return $body;
            }
        }

        return '';
    }
}
