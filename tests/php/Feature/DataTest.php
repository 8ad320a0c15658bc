<?php

namespace Kite\Tests\Feature;

use App\Models\User;
use Kite\Tests\TestCase;
use PHPUnit\Framework\Attributes\DataProvider;

class DataTest extends TestCase
{
    public function test_users_are_searched_by_name_or_email_for_impersonation(): void
    {
        $this->getJson('/http-client/api/data?source=users&q=grace')
            ->assertOk()
            ->assertExactJson(['source' => 'users', 'rows' => [['value' => 2, 'label' => 'Grace Hopper · grace@example.com']]]);
        $this->getJson('/http-client/api/data?source=users&q=Turing')->assertJsonPath('rows.0.value', 3);
        $this->assertCount(3, $this->getJson('/http-client/api/data?source=users')->json('rows'));
        $this->getJson('/http-client/api/data?source=users&q=%25')->assertExactJson(['source' => 'users', 'rows' => []]);
    }

    public function test_a_table_column_an_exists_rule_names_gives_existing_values(): void
    {
        $this->getJson('/http-client/api/data?source=table:users,id')
            ->assertOk()
            ->assertJsonPath('rows', [['value' => 1, 'label' => '1'], ['value' => 2, 'label' => '2'], ['value' => 3, 'label' => '3']]);
        $this->getJson('/http-client/api/data?source=table:users,email&q=ada')->assertJsonPath('rows.0.value', 'ada@example.com');
    }

    public function test_secret_columns_unknown_tables_and_other_sources_are_refused(): void
    {
        foreach (['table:users,password', 'table:users,remember_token', 'table:nope,id', 'table:users,nope', 'table:users;drop,id', 'model:User', '',
            'unique:users,password', 'unique:nope,id', 'unique:users,nope',
            // Only a model a route of the app binds, by the key that route binds it with.
            'model:App\\Models\\User,name', 'model:App\\Models\\Booking,id', 'model:Illuminate\\Foundation\\Auth\\User,id', 'model:stdClass,id'] as $source) {
            $this->getJson('/http-client/api/data?source='.urlencode($source))->assertStatus(422)->assertJsonPath('error.code', 'INVALID_DATA_SOURCE');
        }
    }

    /** @dataProvider columnsNotToRead */

    #[DataProvider('columnsNotToRead')]
    public function test_only_columns_the_apps_rules_or_bindings_name_and_its_models_do_not_hide_are_read(string $source): void
    {
        $response = $this->getJson('/http-client/api/data?source='.urlencode($source).'&candidates='.urlencode('["x"]'));

        $response->assertStatus(422)->assertJsonPath('error.code', 'INVALID_DATA_SOURCE')->assertJsonPath('error.field', 'source');
        $this->assertDoesNotMatchRegularExpression('/payload-|IC-ORION/', $response->getContent());
    }

    public static function columnsNotToRead(): array
    {
        return [
            // No rule or binding of the app names these.
            'the session table' => ['table:sessions,payload'],
            'the queue table' => ['table:jobs,payload'],
            'a flag of the users table' => ['table:users,is_admin'],
            'a session id, asked as unique:' => ['unique:sessions,id'],
            'a column of a named table no rule names' => ['table:bookings,title'],
            // POST /api/bookings/import names each of these in an exists:/unique: rule.
            'hidden by Booking, exists:' => ['table:bookings,internal_code'],
            'hidden by Booking, unique:' => ['unique:bookings,internal_code'],
            'a password' => ['table:users,password'],
            'a remember token (unique:users on the field remember_token)' => ['unique:users,remember_token'],
            'a remember token, exists:' => ['table:users,remember_token'],
        ];
    }

    public function test_a_model_bound_by_a_hidden_or_secret_looking_key_is_not_searched(): void
    {
        User::where('email', 'ada@example.com')->update(['remember_token' => 'remember-me-ada']);

        // GET /api/remembered/{user:remember_token} binds User by its remember_token.
        $response = $this->getJson('/http-client/api/data?source='.urlencode('model:App\\Models\\User,remember_token'));

        $response->assertStatus(422)->assertJsonPath('error.code', 'INVALID_DATA_SOURCE')->assertJsonPath('error.field', 'source');
        $this->assertStringNotContainsString('remember-me-ada', $response->getContent());
    }

    public function test_a_search_with_percent_or_underscore_finds_them_literally(): void
    {
        User::create(['name' => 'Snake_Case 100%', 'email' => 'snake_case@example.com', 'password' => 'x']);
        User::create(['name' => 'Snakes Case', 'email' => 'snakescase@example.com', 'password' => 'x']);

        $this->getJson('/http-client/api/data?source=users&q='.urlencode('e_c'))->assertJsonPath('rows', [['value' => 4, 'label' => 'Snake_Case 100% · snake_case@example.com']]);
        $this->getJson('/http-client/api/data?source=users&q='.urlencode('100%'))->assertJsonPath('rows.*.value', [4]);
        $this->getJson('/http-client/api/data?source=table:users,email&q='.urlencode('e_c'))->assertJsonPath('rows', [['value' => 'snake_case@example.com', 'label' => 'snake_case@example.com']]);
        $this->getJson('/http-client/api/data?source='.urlencode('model:App\\Models\\User,id').'&q='.urlencode('e_case'))->assertJsonPath('rows.*.value', [4]);
        $this->getJson('/http-client/api/data?source=users&q='.urlencode('!'))->assertJsonPath('rows', []);
    }

    public function test_a_unique_rule_gets_the_candidates_its_column_does_not_hold_yet(): void
    {
        $candidates = ['ada@example.com', 'new@example.com', 'GRACE@example.com', 'new@example.com', 'other@example.com'];
        $this->getJson('/http-client/api/data?source=unique:users,email&candidates='.urlencode(json_encode($candidates)))
            ->assertOk()
            ->assertExactJson(['source' => 'unique:users,email', 'rows' => [
                ['value' => 'new@example.com', 'label' => 'new@example.com'],
                ['value' => 'other@example.com', 'label' => 'other@example.com'],
            ]]);
        $this->getJson('/http-client/api/data?source=unique:bookings,slot&candidates=[1,2,3,2]')
            ->assertOk()->assertJsonPath('rows', [['value' => 3, 'label' => '3']]);
    }

    public function test_unique_candidates_that_do_not_read_are_refused_naming_candidates(): void
    {
        $tooMany = json_encode(range(1, 11));
        foreach ([null, 'nope', '[]', '{"a":1}', '[true]', '[[1]]', '[null]', $tooMany, json_encode([str_repeat('x', 256)])] as $candidates) {
            $url = '/http-client/api/data?source=unique:users,email'.($candidates === null ? '' : '&candidates='.urlencode($candidates));
            $this->getJson($url)->assertStatus(422)
                ->assertJsonPath('error.code', 'INVALID_DATA_SOURCE')
                ->assertJsonPath('error.field', 'candidates');
        }
    }

    public function test_a_bound_model_is_searched_by_its_readable_columns_and_answers_route_keys(): void
    {
        // Booking is bound by `reference`; its label is the title (secret_note is hidden, never read out).
        $all = $this->getJson('/http-client/api/data?source='.urlencode('model:App\\Models\\Booking,reference'))->assertOk();
        $all->assertExactJson(['source' => 'model:App\\Models\\Booking,reference', 'rows' => [
            ['value' => 'BK-ORION', 'label' => 'Orion room'],
            ['value' => 'BK-VEGA', 'label' => 'Vega room'],
        ]]);
        $this->assertStringNotContainsString('hidden-note', $all->getContent());
        $this->getJson('/http-client/api/data?source='.urlencode('model:App\\Models\\Booking,reference').'&q=vega')
            ->assertJsonPath('rows', [['value' => 'BK-VEGA', 'label' => 'Vega room']]);
        // By the key itself too: a text key matched in part, an integer key whole.
        $this->getJson('/http-client/api/data?source='.urlencode('model:App\\Models\\Booking,reference').'&q=ORI')->assertJsonPath('rows.0.value', 'BK-ORION');
        $users = 'model:App\\Models\\User,id';
        $this->getJson('/http-client/api/data?source='.urlencode($users).'&q=hopper')
            ->assertJsonPath('rows', [['value' => 2, 'label' => 'Grace Hopper · grace@example.com']]);
        $this->getJson('/http-client/api/data?source='.urlencode($users).'&q=3')->assertJsonPath('rows.0.label', 'Alan Turing · alan@example.com');
        // A {person:email} binding answers emails.
        $this->getJson('/http-client/api/data?source='.urlencode('model:App\\Models\\User,email').'&q=ada')->assertJsonPath('rows.0.value', 'ada@example.com');
    }

    public function test_the_data_endpoint_only_reads(): void
    {
        $before = [\App\Models\User::count(), \App\Models\Booking::count()];
        $queries = [];
        \Illuminate\Support\Facades\DB::listen(static function ($query) use (&$queries) {
            $queries[] = $query->sql;
        });
        $this->getJson('/http-client/api/data?source=unique:bookings,slot&candidates=[3]')->assertOk();
        $this->getJson('/http-client/api/data?source='.urlencode('model:App\\Models\\Booking,reference').'&q=o')->assertOk();
        $this->getJson('/http-client/api/data?source=table:users,id')->assertOk();

        $this->assertNotEmpty($queries);
        foreach ($queries as $sql) {
            $this->assertMatchesRegularExpression('/^(select|pragma)\b/i', ltrim($sql), "a data query that is not a read: {$sql}");
            $this->assertMatchesRegularExpression('/\blimit 20\b|^pragma|\bpragma_table_x?info\(|sqlite_master/i', $sql, "a data query without the 20-row limit: {$sql}");
        }
        $this->assertSame($before, [\App\Models\User::count(), \App\Models\Booking::count()]);
    }

    public function test_at_most_twenty_rows_come_back(): void
    {
        foreach (range(1, 30) as $index) {
            \App\Models\User::create(['name' => "Extra {$index}", 'email' => "extra{$index}@example.com", 'password' => 'x']);
        }

        $this->assertCount(20, $this->getJson('/http-client/api/data?source=users&q=extra')->json('rows'));
        $this->assertCount(20, $this->getJson('/http-client/api/data?source=table:users,email')->json('rows'));
        $this->assertCount(20, $this->getJson('/http-client/api/data?source='.urlencode('model:App\\Models\\User,id').'&q=extra')->json('rows'));
    }

    public function test_behind_the_gate_and_environments_even_with_data_pickers_on(): void
    {
        config(['kite.data_pickers' => true]);
        $this->app['env'] = 'production';
        $sources = ['users', 'table:users,email', 'unique:users,email&candidates=["x@example.com"]', urlencode('model:App\\Models\\User,id')];

        // A guest, and a user the viewKite gate refuses, get the plain 404 Kite answers outside its environments.
        foreach ($sources as $source) {
            $this->getJson('/http-client/api/data?source='.$source)->assertNotFound()->assertJsonMissing(['error' => ['code' => 'DATA_UNAVAILABLE']]);
        }
        $this->actingAs($this->user('grace@example.com'));
        foreach ($sources as $source) {
            $this->getJson('/http-client/api/data?source='.$source)->assertNotFound()->assertJsonMissing(['error' => ['code' => 'DATA_UNAVAILABLE']]);
        }
        $this->actingAs($this->user('ada@example.com'));
        foreach ($sources as $source) {
            $this->getJson('/http-client/api/data?source='.$source)->assertOk();
        }
    }

    public function test_off_unless_data_pickers_is_on_which_it_is_by_default_only_in_local(): void
    {
        config(['kite.data_pickers' => false]);
        foreach (['users', 'unique:users,email&candidates=["x@example.com"]', urlencode('model:App\\Models\\User,id')] as $source) {
            $this->getJson('/http-client/api/data?source='.$source)->assertNotFound()->assertJsonPath('error.code', 'DATA_UNAVAILABLE');
        }

        config(['kite.data_pickers' => null, 'kite.environments' => ['local', 'staging']]);
        $this->app['env'] = 'staging';
        $this->getJson('/http-client/api/data?source=users')->assertNotFound()->assertJsonPath('error.code', 'DATA_UNAVAILABLE');
    }
}
