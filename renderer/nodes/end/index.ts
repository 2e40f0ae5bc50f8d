import type { NodeUi } from '../types'

export const endUi: NodeUi<'end'> = { type: 'end', icon: 'EN', panel: {} }
