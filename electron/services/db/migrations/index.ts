import { migration001 } from './001_flows'
import { migration002 } from './002_runs'
import { migration003 } from './003_webhook'
import { migration004 } from './004_conversation_tests'
import { migration005 } from './005_templates'
import { migration006 } from './006_logs_indexes'
import { migration007 } from './007_catalog'
import { migration008 } from './008_published_versions'
import { migration009 } from './009_revision_history'
import { migration010 } from './010_publish_servers'
import { migration011 } from './011_run_search'
import { migration012 } from './012_runtime_outbox'
import { migration013 } from './013_message_ids'
import { migration014 } from './014_search_behind_writes'
import { migration015 } from './015_channel'
import { migration016 } from './016_runtime_tables'
import { sqliteMigration } from '../schema/sqlite'
import type { SchemaMigration } from '../schema/types'
import { migration017 } from './017_flow_node_count'
import { migration018 } from './018_secrets_at_rest'
import { migration019 } from './019_run_wake'
import { migration020 } from './020_emulator_clock'
import { migration021 } from './021_named_revisions'
import { migration022 } from './022_version_calls'
import { migration023 } from './023_emulator_skips'
import { migration024 } from './024_breakpoints'
import { migration025 } from './025_trace_detail'
import { migration026 } from './026_contact_language'
import { migration027 } from './027_handovers'
import { migration028 } from './028_broadcasts'
import { migration029 } from './029_traffic'
import { migration030 } from './030_splits'
import { migration031 } from './031_business_conversations'
import { migration032 } from './032_traffic_pending'
import { migration033 } from './033_person_messages'
import { migration034 } from './034_traffic_pending_sqlite'
import type { Migration } from './types'

export type { Migration } from './types'

// The known schema steps of both stores, in order (docs/storage.md, "One schema for both stores"): the studio's
// SQLite database runs them as `migrations`, the runtime's PostgreSQL store writes its schema from `schema`
// (electron/runtime/pg-schema.ts). Add one line per new file (NNN_name.ts); versions are 1, 2, 3… without gaps.
// Never edit or reorder a migration that has shipped: a database records each applied (version, name).
export const schema: SchemaMigration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
  migration012,
  migration013,
  migration014,
  migration015,
  migration016,
  migration017,
  migration018,
  migration019,
  migration020,
  migration021,
  migration022,
  migration023,
  migration024,
  migration025,
  migration026,
  migration027,
  migration028,
  migration029,
  migration030,
  migration031,
  migration032,
  migration033,
  migration034,
]

export const migrations: Migration[] = schema.map(sqliteMigration)
