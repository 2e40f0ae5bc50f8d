// The runtime's PostgreSQL schema as it was before both stores shared one list of migrations (chatflow_schema,
// versions 1-5, with tables of their own names), and the step that turns such a database into the shared schema's
// version 16. Frozen: a database set up by an older runtime is brought to legacy version 5 with these steps, then
// converted once (pg-schema.ts). Nothing new goes here.
import { migrationSql } from '../services/db/schema/sql'
import { migration005 } from '../services/db/migrations/005_templates'
import { migration007 } from '../services/db/migrations/007_catalog'

export const LEGACY_STEPS: Array<{ version: number; sql: string }> = [
  {
    version: 1,
    sql: `
      CREATE TABLE flow_versions (
        flow_id text NOT NULL, version integer NOT NULL, name text NOT NULL, document text NOT NULL,
        published_at bigint NOT NULL, PRIMARY KEY (flow_id, version));
      CREATE TABLE published_flows (
        flow_id text PRIMARY KEY, active_version integer NOT NULL, activated_at bigint NOT NULL);
      CREATE TABLE webhook_secrets (
        flow_id text PRIMARY KEY, secret text NOT NULL, created_at bigint NOT NULL, rotated_at bigint);
      CREATE TABLE contacts (
        id text PRIMARY KEY, name text NOT NULL, phone text NOT NULL UNIQUE, opted_in boolean NOT NULL DEFAULT true,
        last_inbound_at bigint, fields text NOT NULL DEFAULT '{}', created_at bigint NOT NULL, updated_at bigint NOT NULL);
      CREATE TABLE runs (
        id text PRIMARY KEY, flow_id text NOT NULL, flow_name text NOT NULL,
        contact_id text NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
        status text NOT NULL CHECK (status IN ('executing', 'paused', 'ended', 'failed')), trigger_kind text NOT NULL,
        end_reason text, error_code text, error_message text, state text NOT NULL, node_count integer NOT NULL DEFAULT 0,
        exec_ms double precision NOT NULL DEFAULT 0, started_at bigint NOT NULL, updated_at bigint NOT NULL, ended_at bigint,
        seq bigserial);
      CREATE INDEX runs_flow_started ON runs (flow_id, started_at DESC);
      CREATE INDEX runs_contact_status ON runs (contact_id, status);
      CREATE TABLE trace_events (
        run_id text NOT NULL REFERENCES runs (id) ON DELETE CASCADE, seq integer NOT NULL, node_id text NOT NULL,
        node_name text NOT NULL, node_type text NOT NULL, phase text NOT NULL, input text, output text, port text,
        started_at bigint NOT NULL, duration_ms double precision NOT NULL, error_code text, error_message text,
        warnings text, PRIMARY KEY (run_id, seq));
      CREATE TABLE messages (
        run_id text NOT NULL REFERENCES runs (id) ON DELETE CASCADE, seq integer NOT NULL, contact_id text NOT NULL,
        direction text NOT NULL CHECK (direction IN ('in', 'out')), type text NOT NULL, payload text NOT NULL,
        created_at bigint NOT NULL, PRIMARY KEY (run_id, seq));
      CREATE TABLE inbound_messages (
        message_id text PRIMARY KEY, contact_id text NOT NULL, action text NOT NULL, run_id text,
        received_at bigint NOT NULL);
      CREATE TABLE deliveries (
        id bigserial PRIMARY KEY, run_id text NOT NULL, contact_id text NOT NULL, message text NOT NULL,
        adapter text NOT NULL, attempts integer NOT NULL, error text NOT NULL, at bigint NOT NULL);
      CREATE INDEX deliveries_run ON deliveries (run_id);`,
  },
  {
    // The templates and catalogue products that travel with a publish (docs/runtime.md, "What a publish carries").
    version: 2,
    sql: `
      CREATE TABLE runtime_templates (
        name text NOT NULL, language text NOT NULL, definition text NOT NULL, updated_at bigint NOT NULL,
        PRIMARY KEY (name, language));
      CREATE TABLE runtime_catalog (
        catalog_id text NOT NULL, product_id text NOT NULL, definition text NOT NULL, updated_at bigint NOT NULL,
        PRIMARY KEY (catalog_id, product_id));`,
  },
  {
    // The outbox (docs/runtime.md, "Outbound messages"), written with each step and drained by every instance's
    // sender; partial indexes for the expiry and retention sweeps and for forgetting old inbound message ids.
    version: 3,
    sql: `
      CREATE TABLE outbox (
        seq bigserial PRIMARY KEY, id text NOT NULL UNIQUE,
        run_id text NOT NULL REFERENCES runs (id) ON DELETE CASCADE, flow_id text NOT NULL, contact_id text NOT NULL,
        phone text NOT NULL, message text NOT NULL, created_at bigint NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0, next_at bigint NOT NULL DEFAULT 0, lease_until bigint NOT NULL DEFAULT 0,
        last_error text, done_at bigint);
      CREATE INDEX outbox_pending ON outbox (contact_id, seq) WHERE status = 'pending';
      CREATE INDEX outbox_run ON outbox (run_id);
      CREATE INDEX runs_finished_started ON runs (started_at) WHERE status IN ('ended', 'failed');
      CREATE INDEX runs_paused_updated ON runs (updated_at) WHERE status = 'paused';
      CREATE INDEX inbound_messages_received ON inbound_messages (received_at);`,
  },
  {
    // Which step sent which message (studio migration 013, shared/engine/sent.ts).
    version: 4,
    sql: `
      ALTER TABLE messages ADD COLUMN message_id text;
      ALTER TABLE trace_events ADD COLUMN message_ids text;`,
  },
  {
    // The channel (studio migration 015): each sent message's id on the channel, the statuses the channel reports
    // for those ids, and the webhook's inbox.
    version: 5,
    sql: `
      ALTER TABLE outbox ADD COLUMN channel_id text;
      CREATE INDEX outbox_channel ON outbox (channel_id) WHERE channel_id IS NOT NULL;
      CREATE INDEX outbox_failed ON outbox (run_id) WHERE status = 'failed';
      CREATE TABLE channel_status (
        channel_id text PRIMARY KEY, state text NOT NULL CHECK (state IN ('sent', 'delivered', 'read', 'failed')),
        rank integer NOT NULL, error text, at bigint NOT NULL, received_at bigint NOT NULL);
      CREATE INDEX channel_status_failed ON channel_status (channel_id) WHERE state = 'failed';
      CREATE INDEX channel_status_received ON channel_status (received_at);
      CREATE TABLE channel_inbox (
        seq bigserial PRIMARY KEY, message_id text NOT NULL UNIQUE, phone text NOT NULL, message text NOT NULL,
        received_at bigint NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
        attempts integer NOT NULL DEFAULT 0, next_at bigint NOT NULL DEFAULT 0, lease_until bigint NOT NULL DEFAULT 0,
        last_error text, done_at bigint);
      CREATE INDEX channel_inbox_pending ON channel_inbox (phone, seq) WHERE status = 'pending';
      CREATE INDEX channel_inbox_received ON channel_inbox (received_at);`,
  },
]

/** The shared schema's version a converted legacy database is at. */
export const LEGACY_CONVERTS_TO = 16

/**
 * Legacy version 5 to the shared schema: the runtime's tables take the studio's names, and templates and catalogue
 * products move into the studio's tables (their columns filled from the stored definition).
 */
export const LEGACY_CONVERSION = `
  ALTER TABLE inbound_messages RENAME TO runtime_inbound;
  ALTER INDEX inbound_messages_received RENAME TO runtime_inbound_received;
  ALTER TABLE deliveries RENAME TO runtime_deliveries;
  ALTER INDEX deliveries_run RENAME TO runtime_deliveries_run;
  ALTER TABLE outbox RENAME TO runtime_outbox;
  ALTER INDEX outbox_pending RENAME TO runtime_outbox_pending;
  ALTER INDEX outbox_run RENAME TO runtime_outbox_run;
  ALTER INDEX outbox_channel RENAME TO runtime_outbox_channel;
  ALTER INDEX outbox_failed RENAME TO runtime_outbox_failed;
  ALTER TABLE channel_status RENAME TO runtime_channel_status;
  ALTER INDEX channel_status_failed RENAME TO runtime_channel_status_failed;
  ALTER INDEX channel_status_received RENAME TO runtime_channel_status_received;
  ALTER TABLE channel_inbox RENAME TO runtime_channel_inbox;
  ALTER INDEX channel_inbox_pending RENAME TO runtime_channel_inbox_pending;
  ALTER INDEX channel_inbox_received RENAME TO runtime_channel_inbox_received;
  ${migrationSql(migration005, 'postgres')}
  INSERT INTO message_templates (name, language, category, definition, created_at, updated_at)
    SELECT name, language, coalesce(definition::json->>'category', 'UTILITY'), definition, updated_at, updated_at FROM runtime_templates;
  DROP TABLE runtime_templates;
  ${migrationSql(migration007, 'postgres')}
  INSERT INTO catalog_products (catalog_id, product_id, name, description, price, currency, image, created_at, updated_at)
    SELECT catalog_id, product_id, d->>'name', coalesce(d->>'description', ''), (d->>'price')::double precision, d->>'currency',
           coalesce(d->>'image', ''), updated_at, updated_at
      FROM (SELECT *, definition::json AS d FROM runtime_catalog) p;
  DROP TABLE runtime_catalog;
  DROP TABLE chatflow_schema;`
