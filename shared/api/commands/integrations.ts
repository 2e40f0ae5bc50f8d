import { z } from 'zod'
import { returns } from '../define'
import { HttpCallConfigSchema } from '../../nodes/http_call/definition'
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
  /** The local template library the Template Message node sends from. */
  'integrations.listTemplates': { req: z.object({}), res: returns<{ templates: TemplateRecord[] }>() },
  /** Creates or replaces a template (by name and language); refused with 'invalid_template' and every problem. */
  'integrations.saveTemplate': { req: z.object({ template: MessageTemplateSchema }), res: returns<{ template: TemplateRecord }>() },
  'integrations.deleteTemplate': { req: TemplateKeySchema, res: returns<{ deleted: boolean }>() },
}
