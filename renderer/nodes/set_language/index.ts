import { Languages } from 'lucide-react'
import type { NodeUi } from '../types'

// Set Language's panel is generated from its config schema (shared/nodes/set_language): one template field, since
// the language often comes from the customer's answer ({{button_id}} after a language menu).
export const setLanguageUi: NodeUi<'set_language'> = {
  type: 'set_language',
  icon: Languages,
  panel: { labels: { '/language': 'Language' } },
}
