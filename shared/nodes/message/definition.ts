import { z } from 'zod'
import type { NodeDefinition } from '../types'
import { maxLength, requireText } from '../../flow/checks'
import { oneLine } from '../../flow/summary'

export const MessageConfigSchema = z.object({
  text: z.string().default('').describe('Message body; takes {{ }} placeholders. At most 4096 characters.'),
  previewUrl: z
    .boolean()
    .default(false)
    .describe('Ask the client to show a preview card for the first URL in the body.'),
})
export type MessageConfig = z.infer<typeof MessageConfigSchema>

export const TEXT_BODY_MAX = 4096

export const messageDefinition: NodeDefinition<MessageConfig> = {
  label: 'Message',
  description: 'Sends a text message and continues at once.',
  category: 'message',
  configSchema: MessageConfigSchema,
  defaults: () => ({ text: '', previewUrl: false }),
  ports: () => [{ id: 'out', label: 'Next' }],
  waits: () => false,
  variables: (_c, name) => [
    { path: `${name}.text`, description: 'The text sent, placeholders filled', type: 'string' },
  ],
  textFields: (c) => [{ pointer: '/text', label: 'Message text', value: c.text }],
  customerTexts: (c) => [
    { pointer: '/text', label: 'Message text', value: c.text, limit: TEXT_BODY_MAX, kind: 'body' },
  ],
  validate: (c, ctx) => [
    ...requireText(ctx, '/text', c.text, 'Message text'),
    ...maxLength(ctx, '/text', c.text, TEXT_BODY_MAX, 'Message text'),
  ],
  summary: (c) => (c.text.trim() ? oneLine(c.text) : 'No text yet'),
}
