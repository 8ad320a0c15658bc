<?php

namespace Kite\Tests\Feature;

use Kite\Tests\TestCase;

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
        foreach (['table:users,password', 'table:users,remember_token', 'table:nope,id', 'table:users,nope', 'table:users;drop,id', 'model:User', ''] as $source) {
            $this->getJson('/http-client/api/data?source='.urlencode($source))->assertStatus(422)->assertJsonPath('error.code', 'INVALID_DATA_SOURCE');
        }
    }

    public function test_at_most_twenty_rows_come_back(): void
    {
        foreach (range(1, 30) as $index) {
            \App\Models\User::create(['name' => "Extra {$index}", 'email' => "extra{$index}@example.com", 'password' => 'x']);
        }

        $this->assertCount(20, $this->getJson('/http-client/api/data?source=users&q=extra')->json('rows'));
        $this->assertCount(20, $this->getJson('/http-client/api/data?source=table:users,email')->json('rows'));
    }

    public function test_off_unless_data_pickers_is_on_which_it_is_by_default_only_in_local(): void
    {
        config(['kite.data_pickers' => false]);
        $this->getJson('/http-client/api/data?source=users')->assertNotFound()->assertJsonPath('error.code', 'DATA_UNAVAILABLE');

        config(['kite.data_pickers' => null, 'kite.environments' => ['local', 'staging']]);
        $this->app['env'] = 'staging';
        $this->getJson('/http-client/api/data?source=users')->assertNotFound()->assertJsonPath('error.code', 'DATA_UNAVAILABLE');
    }
}
