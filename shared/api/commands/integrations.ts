import { z } from 'zod'
import { returns } from '../define'
import { HttpCallConfigSchema } from '../../nodes/http_call/definition'
import { MEDIA_KINDS, type MediaFile } from '../../nodes/media_message/definition'
import { FlowEndpointRequestSchema, FlowEndpointSchema, type EndpointOutcome } from '../../nodes/chat_flow/endpoint'
import { ScriptConfigSchema } from '../../nodes/script/definition'
import { MessageTemplateSchema, type MessageTemplate } from '../../nodes/template_message/run-template'

// The integration nodes' test actions: run one node once, outside any run, with values the author types.
const VarsSchema = z.record(z.string(), z.json()).describe('Session variables the templates read, by name.')

export interface HttpTestResult {
  /** True for a 2xx answer. */
  ok: boolean
  /** 0 when no answer came (invalid URL, network error, timeout). */
  status: number
  headers: Record<string, string>
  /** Parsed JSON when it is JSON, else the text. */
  result: unknown
  durationMs: number
  error: { code: string; message: string } | null
  /** What was sent, credentials masked, so the author can check the rendered URL, headers and body. */
  request: { method: string; url: string; headers: Record<string, string>; body: string | null } | null
  /** The response as the node saves it, offered as the node's sample response for the Expression Builder. */
  sample: { status: number; ok: boolean; result: unknown; headers: Record<string, string> } | null
}

export interface ScriptTestResult {
  ok: boolean
  outputs: Record<string, unknown>
  logs: string[]
  error: { code: string; message: string; line: number | null; column: number | null } | null
  /** Outputs declared on the node that the script did not return. */
  missingOutputs: string[]
  durationMs: number
}

export interface TemplateRecord extends MessageTemplate {
  updatedAt: number
}

/** One chunk of a local media file, base64: 3 MiB of bytes per chunk keeps a message under the socket's 8 MB. */
export const MEDIA_CHUNK_BYTES = 3 * 1024 * 1024
const UploadIdSchema = z.string().regex(/^up_[A-Za-z0-9]{8,40}$/, 'An upload id is up_ and 8 to 40 letters or digits.')
const Base64Schema = z
  .string()
  .max(Math.ceil(MEDIA_CHUNK_BYTES / 3) * 4)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Chunk data must be base64.')

const TemplateKeySchema = z.object({ name: z.string().min(1), language: z.string().min(1) })

export const integrationsCommands = {
  'integrations.testRequest': {
    req: z.object({ config: HttpCallConfigSchema, vars: VarsSchema.default({}) }),
    res: returns<HttpTestResult>(),
  },
  'integrations.testScript': {
    req: z.object({
      config: ScriptConfigSchema,
      /** Test values by input name; an input without one takes its template evaluated against `vars`. */
      values: VarsSchema.default({}),
      vars: VarsSchema.default({}),
    }),
    res: returns<ScriptTestResult>(),
  },
  /** Appends a chunk of a local media file; chunks in order, offset = bytes sent before it (0 starts the upload). */
  'integrations.mediaChunk': {
    req: z.object({ uploadId: UploadIdSchema, offset: z.number().int().nonnegative(), data: Base64Schema }),
    res: returns<{ received: number }>(),
  },
  /** Checks the uploaded file for a Media Message kind by its bytes (type) and size, and stores it as media/<sha256>.<ext>.
   *  Refused with 'media_type', 'media_too_large' or 'media_empty'. */
  'integrations.storeMedia': {
    req: z.object({ uploadId: UploadIdSchema, name: z.string().trim().min(1).max(255), kind: z.enum(MEDIA_KINDS) }),
    res: returns<{ file: MediaFile }>(),
  },
  /** One Chat Flow endpoint round trip as the channel makes it (INIT, data_exchange, BACK, ping): encrypted unless the
   *  endpoint is in plaintext mode, 10 s deadline; the reply read as the next screen, an error_message, or SUCCESS. */
  'integrations.flowEndpoint': {
    req: z.object({ endpoint: FlowEndpointSchema, request: FlowEndpointRequestSchema }),
    res: returns<EndpointOutcome>(),
  },
  /** The local template library the Template Message node sends from. */
  'integrations.listTemplates': { req: z.object({}), res: returns<{ templates: TemplateRecord[] }>() },
  /** Creates or replaces a template (by name and language); refused with 'invalid_template' and every problem. */
  'integrations.saveTemplate': {
    req: z.object({ template: MessageTemplateSchema }),
    res: returns<{ template: TemplateRecord }>(),
  },
  'integrations.deleteTemplate': { req: TemplateKeySchema, res: returns<{ deleted: boolean }>() },
}
