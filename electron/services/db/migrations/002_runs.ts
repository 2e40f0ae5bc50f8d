import type { SchemaMigration } from '../schema/types'

// Flow Logs. A run row carries its serialised RunState (state) so a paused run resumes in any process; the other
// columns are copies the log viewer filters and sorts on. trace_events and messages are append-only, keyed by the
// run and a per-run sequence. runs.flow_id is not a foreign key: a run of a flow file (CLI, tests) has no flows row,
// and the log of a deleted flow stays readable until the run rows are purged. `runs.seq` is the commit order:
// SQLite's rowid, a bigserial in PostgreSQL. The viewer's indexes are the studio's (SQLite) only.
export const migration002: SchemaMigration = {
  version: 2,
  name: 'runs',
  steps: [
    {
      table: {
        name: 'contacts',
        columns: [
          { name: 'id', type: 'text', primaryKey: true },
          { name: 'name', type: 'text' },
          { name: 'phone', type: 'text', unique: true, check: { sqlite: "phone GLOB '+[0-9]*'" } },
          { name: 'opted_in', type: 'boolean', default: true },
          { name: 'last_inbound_at', type: 'bigint', nullable: true },
          { name: 'fields', type: 'text', default: '{}' },
          { name: 'created_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
        ],
      },
    },
    { index: { name: 'contacts_name', table: 'contacts', columns: ['name COLLATE NOCASE'], stores: 'sqlite' } },
    {
      table: {
        name: 'runs',
        columns: [
          { name: 'id', type: 'text', primaryKey: true },
          { name: 'flow_id', type: 'text' },
          { name: 'flow_name', type: 'text' },
          { name: 'contact_id', type: 'text', references: { table: 'contacts', column: 'id', onDelete: 'cascade' } },
          { name: 'status', type: 'text', check: "status IN ('executing', 'paused', 'ended', 'failed')" },
          { name: 'trigger_kind', type: 'text' },
          { name: 'end_reason', type: 'text', nullable: true },
          { name: 'error_code', type: 'text', nullable: true },
          { name: 'error_message', type: 'text', nullable: true },
          { name: 'state', type: 'text' },
          { name: 'node_count', type: 'integer', default: 0 },
          { name: 'exec_ms', type: 'real', default: 0 },
          { name: 'started_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
          { name: 'ended_at', type: 'bigint', nullable: true },
          { name: 'seq', type: 'rowid' },
        ],
      },
    },
    { index: { name: 'runs_flow_started', table: 'runs', columns: ['flow_id', 'started_at DESC'] } },
    { index: { name: 'runs_status', table: 'runs', columns: ['status'], stores: 'sqlite' } },
    { index: { name: 'runs_contact_status', table: 'runs', columns: ['contact_id', 'status'] } },
    {
      table: {
        name: 'trace_events',
        columns: [
          { name: 'run_id', type: 'text', references: { table: 'runs', column: 'id', onDelete: 'cascade' } },
          { name: 'seq', type: 'integer' },
          { name: 'node_id', type: 'text' },
          { name: 'node_name', type: 'text' },
          { name: 'node_type', type: 'text' },
          { name: 'phase', type: 'text', check: { sqlite: "phase IN ('run', 'resume')" } },
          { name: 'input', type: 'text', nullable: true },
          { name: 'output', type: 'text', nullable: true },
          { name: 'port', type: 'text', nullable: true },
          { name: 'started_at', type: 'bigint' },
          { name: 'duration_ms', type: 'real' },
          { name: 'error_code', type: 'text', nullable: true },
          { name: 'error_message', type: 'text', nullable: true },
          { name: 'warnings', type: 'text', nullable: true },
        ],
        primaryKey: ['run_id', 'seq'],
        withoutRowid: true,
      },
    },
    { index: { name: 'trace_events_node', table: 'trace_events', columns: ['node_id'], stores: 'sqlite' } },
    {
      table: {
        name: 'messages',
        columns: [
          { name: 'run_id', type: 'text', references: { table: 'runs', column: 'id', onDelete: 'cascade' } },
          { name: 'seq', type: 'integer' },
          { name: 'contact_id', type: 'text' },
          { name: 'direction', type: 'text', check: "direction IN ('in', 'out')" },
          { name: 'type', type: 'text' },
          { name: 'payload', type: 'text' },
          { name: 'created_at', type: 'bigint' },
        ],
        primaryKey: ['run_id', 'seq'],
        withoutRowid: true,
      },
    },
    { index: { name: 'messages_contact', table: 'messages', columns: ['contact_id', 'created_at'], stores: 'sqlite' } },
  ],
}
