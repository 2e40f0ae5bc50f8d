import { ScanText } from 'lucide-react'
import { ModelProviderNote } from '../ModelProviderNote'
import { onlyWhen, str, type NodeUi } from '../types'

// The panel is generated from the config schema (shared/nodes/extract/definition.ts): the slot list with add,
// remove and reorder; a slot's choices and pattern show only for its type.
export const extractUi: NodeUi<'extract'> = {
  type: 'extract',
  icon: ScanText,
  panel: {
    hidden: (c) => {
      const slots = Array.isArray(c.slots) ? (c.slots as Record<string, unknown>[]) : []
      return [
        ...onlyWhen(str(c, 'source') === 'next', '/prompt'),
        ...onlyWhen(str(c, 'source') === 'text', '/text'),
        ...slots.flatMap((s, i) => [
          ...onlyWhen(str(s ?? {}, 'type') === 'choice', `/slots/${i}/choices`),
          ...onlyWhen(str(s ?? {}, 'type') === 'pattern', `/slots/${i}/pattern`),
        ]),
      ]
    },
    multiline: ['/prompt', '/slots/*/ask'],
    labels: {
      '/source': 'Read',
      '/text': 'Text to read',
      '/slots/*/name': 'Slot name',
      '/slots/*/type': 'Type',
      '/slots/*/ask': 'Ask when missing',
      '/slots/*/choices/*': 'Choice',
      '/slots/*/pattern': 'Pattern',
    },
    accessibleLabels: {
      '/slots/*/name': 'Slot {1} name',
      '/slots/*/type': 'Slot {1} type',
      '/slots/*/required': 'Slot {1} required',
      '/slots/*/ask': 'Slot {1} ask when missing',
      '/slots/*/pattern': 'Slot {1} pattern',
      '/slots/*/choices/*': 'Slot {1} choice {2}',
    },
  },
  details: ModelProviderNote,
}
